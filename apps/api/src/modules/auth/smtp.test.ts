import type { AddressInfo } from 'node:net';
import { outbox } from '@guichet/db/schema/outbox';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/support/harness';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
function startSmtpServer(received: Received[], port = 0): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const stopSmtpServer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

const received: Received[] = [];
let smtp: SMTPServer | undefined;
let port: number;
let t: TestContext;

beforeAll(async () => {
  smtp = await startSmtpServer(received);
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Guichet <no-reply@guichet.test>' },
    { mailer: 'smtp' },
  );
});
afterAll(async () => {
  await t?.close();
  if (smtp) await stopSmtpServer(smtp);
});

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });

const outboxRowsTo = (email: string) =>
  t.app.ctx.db.select().from(outbox).where(sql`${outbox.payload}->>'to' = ${email}`);

describe('password reset through a real SMTP server', () => {
  it('delivers the code by SMTP and the code resets the password', async () => {
    const user = await signUp(t.app);
    expect((await requestReset(user.email)).statusCode).toBe(204);
    await t.app.outbox.drain();

    const messages = received.filter((message) => message.to.includes(user.email));
    expect(messages).toHaveLength(1);
    const message = messages[0]!;
    expect(message.from).toBe('no-reply@guichet.test');
    expect(message.raw).toMatch(/^Subject: Your Guichet password reset code\r?$/m);
    expect(message.raw).toMatch(new RegExp(`^To: ${user.email.replace(/[.]/g, '\\.')}\\r?$`, 'm'));
    const code = message.raw.match(/Your code: ([2-9A-Z]{10})/)?.[1];
    expect(code).toBeDefined();
    expect((await outboxRowsTo(user.email)).map((row) => row.status)).toEqual(['sent']);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { code, newPassword: 'delivered by smtp' },
    });
    expect(confirmed.statusCode).toBe(204);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: 'delivered by smtp' },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('keeps the mail pending with its attempts counted while the server is down, then delivers it', async () => {
    const user = await signUp(t.app);
    await stopSmtpServer(smtp!);
    smtp = undefined;

    expect((await requestReset(user.email)).statusCode).toBe(204);
    await t.app.outbox.drain();
    const [failed] = await outboxRowsTo(user.email);
    expect(failed?.status).toBe('pending');
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toBeTruthy();
    expect(failed?.processedAt).toBeNull();
    // Retried later, with backoff: not due again right away.
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(received.filter((message) => message.to.includes(user.email))).toHaveLength(0);

    // The server comes back and the retry is due: the same mail leaves, once.
    smtp = await startSmtpServer(received, port);
    await t.app.ctx.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(sql`${outbox.payload}->>'to' = ${user.email}`);
    await t.app.outbox.drain();
    const [delivered] = await outboxRowsTo(user.email);
    expect(delivered?.status).toBe('sent');
    expect(delivered?.lastError).toBeNull();
    expect(received.filter((message) => message.to.includes(user.email))).toHaveLength(1);
  });
});
