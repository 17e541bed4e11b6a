import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { smsOutbox, smsPhones } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../lib/job-queue.ts';
import { SMS_NOT_SENT, SMS_QUEUE, setSmsDeliveryStatus } from './outbox.ts';
import { type SmsProvider, SmsSendError } from './twilio.ts';

/**
 * Sends one text of the SMS outbox, outside any transaction, then marks it sent. Without a provider (no
 * Twilio keys) the text stays in the outbox (HELD). A notification's text is sent only if the person
 * still has texts on for that number: a STOP reply or a switch-off while it waited for 08:00 wins.
 */
export async function deliverSms(
  db: Db,
  provider: SmsProvider | null,
  smsId: number,
  log?: FastifyBaseLogger,
) {
  const [text] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, smsId));
  if (!text || text.withheld || text.sentAt) return;
  if (text.notificationId !== null && text.userId !== null) {
    const [still] = await db
      .select({ userId: smsPhones.userId })
      .from(smsPhones)
      .where(
        and(
          eq(smsPhones.userId, text.userId),
          eq(smsPhones.phone, text.to),
          eq(smsPhones.optIn, true),
          isNotNull(smsPhones.verifiedAt),
          isNull(smsPhones.stoppedAt),
        ),
      );
    if (!still) {
      await setSmsDeliveryStatus(db, text.notificationId, 'SKIPPED', SMS_NOT_SENT.switchedOff);
      return;
    }
  }
  if (!provider) {
    await setSmsDeliveryStatus(db, text.notificationId, 'HELD', SMS_NOT_SENT.noProvider);
    return;
  }
  try {
    const sent = await provider.send(text.to, text.body);
    await db
      .update(smsOutbox)
      .set({
        sentAt: sql`now()`,
        providerId: sent.id,
        attempts: sql`${smsOutbox.attempts} + 1`,
        lastError: null,
      })
      .where(eq(smsOutbox.id, smsId));
    await setSmsDeliveryStatus(db, text.notificationId, 'SENT');
  } catch (error) {
    const detail = String((error as Error).message).slice(0, 500);
    await db
      .update(smsOutbox)
      .set({ attempts: sql`${smsOutbox.attempts} + 1`, lastError: detail })
      .where(eq(smsOutbox.id, smsId));
    await setSmsDeliveryStatus(db, text.notificationId, 'FAILED', detail);
    if (error instanceof SmsSendError && error.permanent) {
      log?.warn({ smsId }, 'text refused for good by the provider');
      return;
    }
    log?.warn({ smsId }, 'text delivery failed; the queue retries it');
    throw error;
  }
}

/** The `sms` queue: one job per text, worked with or without a provider so every job ends. */
export function smsJobs(
  db: Db,
  provider: SmsProvider | null,
  { log }: { log?: FastifyBaseLogger } = {},
): JobDefinition<never>[] {
  const deliver: JobDefinition<{ smsId: number }> = {
    name: SMS_QUEUE,
    queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
    pollingIntervalSeconds: 2,
    concurrency: 2,
    run: (data) => deliverSms(db, provider, data.smsId, log),
  };
  return [deliver] as JobDefinition<never>[];
}
