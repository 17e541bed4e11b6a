import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on non-transactional mail (category-mail.ts). */
  headers?: Record<string, string>;
  /** The email category a person may switch off; none for transactional mail. */
  category?: string | null;
};

/** Writes a message to the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueMail(db: DbOrTx, message: MailMessage): Promise<void> {
  await db.insert(outbox).values(message);
}

export async function listMail(db: DbOrTx, to?: string, limit = 200) {
  const rows = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      html: outbox.html,
      links: outbox.links,
      headers: outbox.headers,
      category: outbox.category,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(to ? eq(outbox.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows;
}
