import crypto from 'node:crypto';
import {
  ERROR_CODES,
  formatMobile,
  formatZonedDateTime,
  normaliseMobile,
  personTimeZone,
  SMS_CODE_MINUTES,
  SMS_LOCK_MINUTES,
  SMS_MAX_WRONG_CODES,
  SMS_MESSAGES,
  type SmsSettings,
  smsCodeText,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { queueSms } from '../../adapters/sms/outbox.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notificationDeliveries, smsOutbox, smsPhones, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid, tooMany } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/secrets.ts';

type Ctx = Pick<AppContext, 'db' | 'jobs' | 'jwtSecret' | 'mail'>;

/** The code's HMAC, bound to the person and the number: the code itself is never stored. */
const codeHash = (secret: string, userId: string, phone: string, code: string) =>
  crypto.createHmac('sha256', secret).update(`sms-code/${userId}/${phone}/${code}`).digest('base64url');

async function rowOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ sms: smsPhones, state: users.state, country: users.country })
    .from(users)
    .leftJoin(smsPhones, eq(smsPhones.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

const isLocked = (lockedUntil: Date | null, now: Date) => lockedUntil !== null && lockedUntil > now;

function lockedError(lockedUntil: Date, zone: string) {
  return tooMany(
    SMS_MESSAGES.locked(formatZonedDateTime(lockedUntil, zone)),
    ERROR_CODES.accountLocked,
    (lockedUntil.getTime() - Date.now()) / 1000,
  );
}

/** The person's number, whether it is checked, and whether texts are on. */
export async function smsSettingsOf(db: DbOrTx, userId: string, message?: string): Promise<SmsSettings> {
  const row = await rowOf(db, userId);
  const sms = row?.sms ?? null;
  const now = new Date();
  return {
    phone: sms?.phone ?? null,
    verified: Boolean(sms?.verifiedAt),
    optIn: Boolean(sms?.verifiedAt && sms.optIn && !sms.stoppedAt),
    stoppedByReply: Boolean(sms?.stoppedAt),
    codePending: Boolean(sms?.codeHash && sms.codeExpiresAt && sms.codeExpiresAt > now),
    lockedUntil: sms && isLocked(sms.lockedUntil, now) ? (sms.lockedUntil?.toISOString() ?? null) : null,
    timeZone: personTimeZone(row?.state, row?.country),
    ...(message ? { message } : {}),
  };
}

/**
 * Adds (or changes) the person's mobile and texts it a 6-digit code. The number is unchecked until the
 * code comes back, and texts are off. A locked number stays locked (its wrong codes are kept until the
 * lock has passed), and past the codes' quota for the number nothing changes (429).
 */
export async function addPhone(ctx: Ctx, userId: string, typed: string): Promise<SmsSettings> {
  const phone = normaliseMobile(typed);
  if (!phone) throw invalid(SMS_MESSAGES.invalidPhone, { phone: SMS_MESSAGES.invalidPhone });
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone/${userId}`}))`);
    const row = await rowOf(tx, userId);
    const current = row?.sms ?? null;
    const now = new Date();
    const zone = personTimeZone(row?.state, row?.country);
    if (current?.lockedUntil && isLocked(current.lockedUntil, now))
      throw lockedError(current.lockedUntil, zone);
    // Wrong codes count per number until a lock has passed or the number is checked.
    const wrongCodes = current?.phone === phone && !current.lockedUntil ? current.wrongCodes : 0;
    const values = {
      phone,
      verifiedAt: null,
      optIn: false,
      stoppedAt: null,
      codeHash: codeHash(ctx.jwtSecret, userId, phone, code),
      codeExpiresAt: new Date(now.getTime() + SMS_CODE_MINUTES * 60_000),
      wrongCodes,
      lockedUntil: null,
      updatedAt: now,
    };
    await tx
      .insert(smsPhones)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: smsPhones.userId, set: values });
    const text = await queueSms(ctx, tx, {
      to: phone,
      kind: 'verify-code',
      body: smsCodeText(code, ctx.mail.brand),
      userId,
    });
    // Rolled back: the number and its code are as they were.
    if (text.withheld) throw tooMany(SMS_MESSAGES.tooManyCodes, ERROR_CODES.rateLimited, 3600);
  });
  return smsSettingsOf(ctx.db, userId, SMS_MESSAGES.codeSent(formatMobile(phone)));
}

/**
 * Checks the code. A wrong one is counted (in its own statement, so the count stands whatever the answer)
 * and the fifth locks the number for an hour; the right one checks the number. Texts stay off until the
 * person switches them on.
 */
export async function verifyCode(ctx: Ctx, userId: string, code: string): Promise<SmsSettings> {
  const row = await rowOf(ctx.db, userId);
  const sms = row?.sms;
  const zone = personTimeZone(row?.state, row?.country);
  const now = new Date();
  if (sms?.lockedUntil && isLocked(sms.lockedUntil, now)) throw lockedError(sms.lockedUntil, zone);
  if (!sms?.codeHash || !sms.codeExpiresAt) throw invalid(SMS_MESSAGES.noCode, { code: SMS_MESSAGES.noCode });
  if (sms.codeExpiresAt <= now) throw invalid(SMS_MESSAGES.codeExpired, { code: SMS_MESSAGES.codeExpired });
  if (safeEqual(codeHash(ctx.jwtSecret, userId, sms.phone, code), sms.codeHash)) {
    const [done] = await ctx.db
      .update(smsPhones)
      .set({ verifiedAt: now, codeHash: null, codeExpiresAt: null, wrongCodes: 0, updatedAt: now })
      .where(sql`${smsPhones.userId} = ${userId} and ${smsPhones.codeHash} = ${sms.codeHash}`)
      .returning({ userId: smsPhones.userId });
    // Another request used or replaced the code meanwhile.
    if (!done) throw invalid(SMS_MESSAGES.codeExpired, { code: SMS_MESSAGES.codeExpired });
    return smsSettingsOf(ctx.db, userId, SMS_MESSAGES.verified);
  }
  const lockAt = new Date(now.getTime() + SMS_LOCK_MINUTES * 60_000);
  const [counted] = await ctx.db
    .update(smsPhones)
    .set({
      wrongCodes: sql`${smsPhones.wrongCodes} + 1`,
      lockedUntil: sql`case when ${smsPhones.wrongCodes} + 1 >= ${SMS_MAX_WRONG_CODES} then ${lockAt.toISOString()}::timestamptz else null end`,
      codeHash: sql`case when ${smsPhones.wrongCodes} + 1 >= ${SMS_MAX_WRONG_CODES} then null else ${smsPhones.codeHash} end`,
      updatedAt: now,
    })
    .where(eq(smsPhones.userId, userId))
    .returning({ wrongCodes: smsPhones.wrongCodes, lockedUntil: smsPhones.lockedUntil });
  if (counted?.lockedUntil) throw lockedError(counted.lockedUntil, zone);
  const left = SMS_MAX_WRONG_CODES - (counted?.wrongCodes ?? 0);
  throw invalid(SMS_MESSAGES.wrongCode(left), { code: SMS_MESSAGES.wrongCode(left) });
}

/** Switches texts on (only for a checked number; it also undoes a STOP reply) or off. */
export async function setOptIn(ctx: Ctx, userId: string, optIn: boolean): Promise<SmsSettings> {
  const row = await rowOf(ctx.db, userId);
  if (optIn && !row?.sms?.verifiedAt)
    throw invalid(SMS_MESSAGES.notVerified, { optIn: SMS_MESSAGES.notVerified });
  if (row?.sms)
    await ctx.db
      .update(smsPhones)
      .set({ optIn, ...(optIn ? { stoppedAt: null } : {}), updatedAt: new Date() })
      .where(eq(smsPhones.userId, userId));
  return smsSettingsOf(ctx.db, userId, optIn ? SMS_MESSAGES.optedIn : SMS_MESSAGES.optedOut);
}

/** Removes the number (texts stop); refused while it is locked, so removing it does not undo the lock. */
export async function removePhone(ctx: Ctx, userId: string): Promise<SmsSettings> {
  const row = await rowOf(ctx.db, userId);
  const sms = row?.sms;
  if (sms?.lockedUntil && isLocked(sms.lockedUntil, new Date()))
    throw lockedError(sms.lockedUntil, personTimeZone(row?.state, row?.country));
  await ctx.db.delete(smsPhones).where(eq(smsPhones.userId, userId));
  return smsSettingsOf(ctx.db, userId, SMS_MESSAGES.removed);
}

/** Twilio's standard opt-out and opt-in words. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

/**
 * A reply to a text (the provider's webhook, signature already checked): STOP switches texts off for
 * every account with that number, START switches them on again for those a STOP switched off. Other
 * replies change nothing. Answers what it did.
 */
export async function inboundReply(
  db: DbOrTx,
  from: string,
  body: string,
): Promise<'STOPPED' | 'STARTED' | 'IGNORED'> {
  const phone = normaliseMobile(from);
  const word = body.trim().toUpperCase();
  if (!phone) return 'IGNORED';
  if (STOP_WORDS.has(word)) {
    await db
      .update(smsPhones)
      .set({ optIn: false, stoppedAt: sql`coalesce(${smsPhones.stoppedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(smsPhones.phone, phone));
    return 'STOPPED';
  }
  if (START_WORDS.has(word)) {
    await db
      .update(smsPhones)
      .set({ optIn: true, stoppedAt: null, updatedAt: sql`now()` })
      .where(
        sql`${smsPhones.phone} = ${phone} and ${smsPhones.stoppedAt} is not null and ${smsPhones.verifiedAt} is not null`,
      );
    return 'STARTED';
  }
  return 'IGNORED';
}

/** Twilio's error for a number that replied STOP to the sender: texts to it are refused from now on. */
const TWILIO_UNSUBSCRIBED = '21610';

/** A few carrier errors in words; any other is named by its number. */
const TWILIO_ERRORS: Record<string, string> = {
  '30003': 'the phone is switched off or out of reach',
  '30004': 'the number blocks texts',
  '30005': 'the number is unknown or no longer in use',
  '30006': 'the number cannot receive texts (a landline?)',
  '30007': 'the carrier filtered it',
  [TWILIO_UNSUBSCRIBED]: 'the number replied STOP',
};

/** What the delivery row says of a text the carrier did not deliver. */
export const undeliveredDetail = (errorCode: string | undefined) => {
  const words = errorCode ? TWILIO_ERRORS[errorCode] : undefined;
  return `Not delivered to the phone${words ? `: ${words}` : ''}${errorCode ? ` (Twilio error ${errorCode})` : ''}.`;
};

/**
 * Twilio's status callback for a text it took (issue 35 item 6): `delivered` marks its notification's SMS
 * delivery DELIVERED; `undelivered` or `failed` marks it BOUNCED with the carrier's reason, and a number
 * that replied STOP to the sender has texts switched off as a STOP reply would. Earlier steps (queued,
 * sending, sent) change nothing: the row already says Sent, and a late one must not undo a final word.
 * An unknown message id changes nothing.
 */
export async function providerStatus(
  db: DbOrTx,
  messageId: string,
  status: string,
  errorCode: string | undefined,
): Promise<'DELIVERED' | 'BOUNCED' | 'IGNORED'> {
  const final =
    status === 'delivered' ? 'DELIVERED' : status === 'undelivered' || status === 'failed' ? 'BOUNCED' : null;
  if (!final || !messageId) return 'IGNORED';
  const [text] = await db
    .update(smsOutbox)
    .set({ providerStatus: status, providerStatusAt: sql`now()` })
    .where(eq(smsOutbox.providerId, messageId))
    .returning({ notificationId: smsOutbox.notificationId, to: smsOutbox.to });
  if (!text) return 'IGNORED';
  if (final === 'BOUNCED' && errorCode === TWILIO_UNSUBSCRIBED) await inboundReply(db, text.to, 'STOP');
  if (text.notificationId !== null)
    await db
      .update(notificationDeliveries)
      .set({
        status: final,
        detail: final === 'BOUNCED' ? undeliveredDetail(errorCode) : null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(notificationDeliveries.notificationId, text.notificationId),
          eq(notificationDeliveries.channel, 'SMS'),
        ),
      );
  return final;
}
