import nodemailer, { type Transporter } from 'nodemailer';
import type { OutgoingMail } from '../modules/mail/mail.repository';

export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
  /** Closes the connections it keeps open, if any (at shutdown). */
  close?(): void;
}

/** How long pooled connections stay open once nothing is being sent. */
const IDLE_CLOSE_MS = 1_000;

/**
 * SMTP through nodemailer, e.g. `smtp://user:pass@host:587` or `smtps://...`. Connections are pooled
 * while mail flows (`pool=true` unless the URL says otherwise): a connection per message costs a TCP and
 * SMTP handshake each time, about 100 ms even on loopback, which held a 20,000-recipient mailing to 9
 * mails a second and a buyer's tickets queued behind it; a kept connection sends one in a few ms. A second
 * without sending closes the pool, so no idle connection is held open against the mail server (which
 * would also keep it from shutting down); the next message opens a new one.
 */
export function smtpMailer(url: string, from: string): Mailer {
  const pooled = new URL(url);
  if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
  let transport: Transporter | undefined;
  let idle: NodeJS.Timeout | undefined;
  let inFlight = 0;
  const closeNow = () => {
    clearTimeout(idle);
    transport?.close();
    transport = undefined;
  };
  return {
    async send(message) {
      clearTimeout(idle);
      transport ??= nodemailer.createTransport(pooled.toString());
      inFlight += 1;
      try {
        await transport.sendMail({ from, ...message });
      } finally {
        inFlight -= 1;
        if (inFlight === 0) {
          idle = setTimeout(() => {
            if (inFlight === 0) closeNow();
          }, IDLE_CLOSE_MS);
          idle.unref();
        }
      }
    },
    close: closeNow,
  };
}
