import nodemailer from 'nodemailer';
import type { MailMessage } from './outbox.ts';

export type MailTransport = { send(message: MailMessage): Promise<void>; close?(): void };

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => transporter.close(),
  };
}
