import nodemailer from 'nodemailer';
import type { MailMessage } from './outbox.ts';

export type MailTransport = { send(message: MailMessage): Promise<void>; close?(): void };

/**
 * What nodemailer sends for an outbox message: its text and HTML parts, its own headers
 * (List-Unsubscribe…) and its attachments (a calendar invitation goes as text/calendar).
 */
export function mailOptions(from: string, message: MailMessage) {
  const attachments = message.attachments ?? [];
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
    ...(attachments.length > 0
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        }
      : {}),
  };
}

export type SmtpOptions = {
  /**
   * TLS settings for the connection (STARTTLS or smtps): `ca` trusts a private certificate authority,
   * such as the test sink's own self-signed certificate. Certificates are always verified.
   */
  tls?: { ca?: string | Buffer; servername?: string };
};

/**
 * Real delivery over SMTP (SMTP_URL): `smtps://user:pass@smtp.example.com:465` for TLS from the start,
 * or `smtp://…:587` for STARTTLS; nodemailer upgrades whenever the server offers STARTTLS, and
 * `?requireTLS=true` refuses a server that does not.
 */
export function smtpTransport(url: string, from: string, options: SmtpOptions = {}): MailTransport {
  // Pooled: up to sixteen connections kept open and reused, so a mail-out does not open one per message.
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 16,
    maxMessages: 1000,
    ...(options.tls ? { tls: options.tls } : {}),
  });
  return {
    async send(message) {
      await transporter.sendMail(mailOptions(from, message));
    },
    close: () => transporter.close(),
  };
}
