import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestContext } from './harness';
import { TEST_ENV } from './orders';

/** A real SMTP server on 127.0.0.1 keeping the raw messages it accepts, by recipient. */
export async function startTestSmtp() {
  const received = new Map<string, string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo)
          received.set(to.address, Buffer.concat(chunks).toString('latin1'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test app that sends its mail to a fresh SMTP server of the test's own. */
export async function appWithSmtp(): Promise<{
  t: TestContext;
  received: Map<string, string>;
  close(): Promise<void>;
}> {
  const smtp = await startTestSmtp();
  const t = await createTestApp(
    { ...TEST_ENV, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Guichet <no-reply@guichet.test>' },
    { mailer: 'smtp' },
  );
  return {
    t,
    received: smtp.received,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}

/** The base64 body of the MIME part of a raw message whose headers name `filename`. */
export function attachmentOf(
  raw: string,
  filename: string,
): { headers: string; content: Buffer } | undefined {
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split);
    if (!headers.includes(filename)) continue;
    return { headers, content: Buffer.from(part.slice(split).replace(/\s+/g, ''), 'base64') };
  }
  return undefined;
}
