import { HARD_BOUNCES_UNDELIVERABLE } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationDeliveries, outbox, users } from '../../db/schema/index.ts';

/**
 * Delivery you can see (issue 35 item 6). The status of a notification's email follows its outbox row:
 * the mail job marks it sent, failed (retried) or bounced; a bounce report (the mail provider's feed,
 * through POST /api/admin/mail/bounces) marks it bounced later. Three hard bounces to an address mark
 * the account's address undeliverable: the person sees a banner asking them to check it, and no more
 * mail is sent to it until they do.
 */

export type DeliveryUpdate = { status: 'SENT' | 'FAILED' | 'BOUNCED' | 'HELD'; detail?: string | null };

/** The email deliveries of notifications sent as this outbox message take its status. */
export async function setDeliveryStatus(db: DbOrTx, outboxId: number, update: DeliveryUpdate) {
  await db
    .update(notificationDeliveries)
    .set({ status: update.status, detail: update.detail ?? null, updatedAt: sql`now()` })
    .where(eq(notificationDeliveries.outboxId, outboxId));
}

/** A 5xx answer to the recipient or the message is a hard bounce: the address will never take mail. */
export function isHardRefusal(error: unknown): boolean {
  const code = Number((error as { responseCode?: unknown }).responseCode);
  return Number.isInteger(code) && code >= 500 && code < 600;
}

/**
 * Records a bounce against an outbox message and its deliveries. A hard one counts toward the address's
 * limit: at HARD_BOUNCES_UNDELIVERABLE, the account with that address is marked undeliverable. Answers
 * whether the address is now undeliverable; false for an unknown message.
 */
export async function recordBounce(
  db: DbOrTx,
  outboxId: number,
  bounce: { hard: boolean; detail: string },
): Promise<{ found: boolean; undeliverable: boolean }> {
  const [row] = await db
    .update(outbox)
    .set({
      bounce: bounce.hard ? 'HARD' : 'SOFT',
      bouncedAt: sql`now()`,
      lastError: bounce.detail.slice(0, 500),
    })
    .where(eq(outbox.id, outboxId))
    .returning({ to: outbox.to });
  if (!row) return { found: false, undeliverable: false };
  await setDeliveryStatus(db, outboxId, { status: 'BOUNCED', detail: bounce.detail.slice(0, 500) });
  if (!bounce.hard) return { found: true, undeliverable: false };
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(eq(outbox.to, row.to), eq(outbox.bounce, 'HARD')));
  if (Number(count?.n ?? 0) < HARD_BOUNCES_UNDELIVERABLE) return { found: true, undeliverable: false };
  await db
    .update(users)
    .set({ emailUndeliverableAt: sql`coalesce(${users.emailUndeliverableAt}, now())` })
    .where(eq(users.email, row.to));
  return { found: true, undeliverable: true };
}

/** An outbox message's status as support reads it: bounced, sent, failing (retried) or waiting. */
export function outboxStatus(row: { bounce: string | null; sentAt: Date | null; lastError: string | null }): {
  status: 'BOUNCED' | 'SENT' | 'FAILED' | 'QUEUED';
  detail: string | null;
} {
  if (row.bounce) return { status: 'BOUNCED', detail: row.lastError };
  if (row.sentAt) return { status: 'SENT', detail: null };
  if (row.lastError) return { status: 'FAILED', detail: row.lastError };
  return { status: 'QUEUED', detail: null };
}
