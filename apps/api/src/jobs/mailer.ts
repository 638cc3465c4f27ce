import nodemailer from 'nodemailer';
import type { OutgoingMail } from '../modules/mail/mail.repository';

export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@host:587` or `smtps://...`. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
