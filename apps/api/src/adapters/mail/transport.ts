import nodemailer from 'nodemailer';
import type { MailMessage } from './outbox.ts';

export type MailTransport = { send(message: MailMessage): Promise<void>; close?(): void };

/** What nodemailer sends for an outbox message: its parts, and its own headers (List-Unsubscribe…). */
export function mailOptions(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
  };
}

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail(mailOptions(from, message));
    },
    close: () => transporter.close(),
  };
}
