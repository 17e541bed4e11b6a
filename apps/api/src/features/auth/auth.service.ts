import { hash, verify } from '@node-rs/argon2';
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  KIT_MESSAGES,
  normaliseReferralCode,
  type RegisterRequest,
  STAFF_MESSAGES,
} from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { accountExistsMail, resetPasswordMail, verifyEmailMail } from '../../adapters/mail/templates.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { emailTokens, referralCodes, staffMembers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, forbidden, invalid, tooMany, unauthorized } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { scheduleReminder } from '../notifications/index.ts';
import {
  clearAccountFailures,
  clearFailures,
  LOCK_WINDOW_MINUTES,
  recordFailure,
  throttleKeys,
  throttleState,
} from './login-throttle.ts';
import { checkSignUpVersions, recordSignUpAgreement } from './sign-up-agreement.ts';
import { revokeAllSessions, startSession } from './tokens.ts';

/** OWASP's minimum argon2id cost: 19 MiB, 2 passes, 1 lane. */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);

/** Sets the account's password from an emailed link, which proves the email too: it is verified. */
export const setPasswordFromLink = (tx: DbOrTx, userId: string, passwordHash: string) =>
  tx
    .update(users)
    .set({
      passwordHash,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ email: users.email, authorities: users.authorities });

/** Verified against when an email has no account, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;

const VERIFY_TTL_HOURS = 24;
const RESET_TTL_HOURS = 1;
type Purpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

async function storeEmailToken(db: DbOrTx, userId: string, purpose: Purpose, token: string) {
  // A new link replaces any earlier unused one of the same kind.
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  const hours = purpose === 'VERIFY_EMAIL' ? VERIFY_TTL_HOURS : RESET_TTL_HOURS;
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(hours => ${hours})`,
  });
}

/**
 * Mails a verification link. The link is stored only if the mail goes out: past the recipient's quota
 * (adapters/mail/outbox.ts) nothing is sent, and the link they already hold keeps working.
 */
async function mailVerificationLink(
  ctx: AppContext,
  tx: Tx,
  user: { id: string; firstName: string },
  email: string,
) {
  const token = randomToken();
  const mail = await queueMail(
    ctx,
    tx,
    'verify-email',
    verifyEmailMail(ctx.mail, email, user.firstName, token),
  );
  if (!mail.withheld) await storeEmailToken(tx, user.id, 'VERIFY_EMAIL', token);
}

/** Marks a link used and returns its user; says whether it was unknown, used or expired. */
async function consumeEmailToken(db: DbOrTx, token: string, purpose: Purpose) {
  const [row] = await db
    .select({
      id: emailTokens.id,
      userId: emailTokens.userId,
      usedAt: emailTokens.usedAt,
      expired: sql<boolean>`${emailTokens.expiresAt} <= now()`,
    })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, purpose)))
    .for('update');
  if (!row || row.usedAt) return { status: 'invalid' as const };
  if (row.expired) return { status: 'expired' as const };
  await db.update(emailTokens).set({ usedAt: sql`now()` }).where(eq(emailTokens.id, row.id));
  return { status: 'ok' as const, userId: row.userId };
}

/**
 * Creates an account and emails a verification link. An email that already has an account gets an email
 * saying so instead, and the caller sees the same answer either way, so registration reveals nothing.
 */
export async function registerUser(ctx: AppContext, input: RegisterRequest) {
  // Consumer §5: a leading 'REF-' or 'REF' is removed, as for every referral code. An unknown code is
  // refused before the email is looked at, so the answer says nothing about the account.
  const referralCode = normaliseReferralCode(input.referralCode ?? '') || null;
  if (referralCode) {
    const [known] = await ctx.db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(and(eq(referralCodes.code, referralCode), eq(referralCodes.active, true)));
    if (!known) throw invalid(KIT_MESSAGES.referralUnknown, { referralCode: KIT_MESSAGES.referralUnknown });
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await checkSignUpVersions(tx, input);
    const [existing] = await tx
      .select({ id: users.id, firstName: users.firstName, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, input.email));
    if (existing) {
      if (existing.verified)
        await queueMail(
          ctx,
          tx,
          'account-exists',
          accountExistsMail(ctx.mail, input.email, existing.firstName),
        );
      else await mailVerificationLink(ctx, tx, existing, input.email);
      return;
    }
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        underAge: input.underAge,
        guardian: input.guardian,
        // A minor starts without a consent form: the 'Complete now' banner asks for one.
        parentConsented: input.underAge ? false : null,
        userType: input.userType,
        referralCode,
        participantCode: input.participantCode ?? null,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('insert returned no row');
    await recordSignUpAgreement(tx, user.id, input.guardian);
    await mailVerificationLink(ctx, tx, { id: user.id, firstName: input.firstName }, input.email);
    // A minor's consent form not uploaded a week after registering: a reminder (issue 35).
    if (input.underAge) await scheduleReminder(ctx, tx, { userId: user.id, kind: 'PARENTAL_CONSENT' });
  });
}

export async function verifyEmail(ctx: AppContext, token: string) {
  await ctx.db.transaction(async (tx) => {
    const result = await consumeEmailToken(tx, token, 'VERIFY_EMAIL');
    if (result.status === 'expired')
      throw invalid(AUTH_MESSAGES.verifyExpired, undefined, ERROR_CODES.tokenExpired);
    if (result.status === 'invalid')
      throw invalid(AUTH_MESSAGES.verifyInvalid, undefined, ERROR_CODES.tokenInvalid);
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, result.userId));
  });
}

export async function resendVerification(ctx: AppContext, email: string) {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, firstName: users.firstName, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email));
    if (!user || user.verified) return;
    await mailVerificationLink(ctx, tx, user, email);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Password sign-in (decision 004). Failures are counted per account, per (account, address) pair and per
 * address. Past three, every attempt is slowed; at the thresholds the pair or the address is refused for
 * fifteen minutes, never the account as a whole. An unknown email is treated exactly like a wrong password.
 */
export async function login(ctx: AppContext, input: { email: string; password: string }, ip: string) {
  const keys = throttleKeys(input.email, ip);
  const { lockedSeconds, delayMs } = await throttleState(ctx.db, keys, ctx.config.loginDelayMs);
  if (lockedSeconds > 0) throw tooMany(AUTH_MESSAGES.loginLocked, ERROR_CODES.accountLocked, lockedSeconds);
  if (delayMs > 0) await sleep(delayMs);

  const [user] = await ctx.db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      authorities: users.authorities,
      verified: users.emailVerifiedAt,
      // A disabled staff account signs in nowhere (issue 34 item 15), until an administrator enables it.
      staffDisabled: sql<boolean>`exists (select 1 from ${staffMembers} where ${staffMembers.userId} = ${users.id}
        and ${staffMembers.disabledAt} is not null)`,
    })
    .from(users)
    .where(eq(users.email, input.email));
  dummyHash ??= hashPassword('not-a-real-password-1!');
  const ok = await verify(user?.passwordHash ?? (await dummyHash), input.password).catch(() => false);

  if (!user || !ok) {
    if (await recordFailure(ctx.db, keys))
      throw tooMany(AUTH_MESSAGES.loginLocked, ERROR_CODES.accountLocked, LOCK_WINDOW_MINUTES * 60);
    throw unauthorized(AUTH_MESSAGES.loginFailed, ERROR_CODES.invalidCredentials);
  }
  if (!user.verified) throw forbidden(AUTH_MESSAGES.emailNotVerified, ERROR_CODES.emailNotVerified);
  await clearFailures(ctx.db, keys);
  if (user.staffDisabled) throw forbidden(STAFF_MESSAGES.disabled);
  return startSession(ctx, ctx.db, user);
}

/**
 * Emails a reset link if the account exists, and nothing if not (issue 32: a reset mailed strangers). Both
 * paths do the same work in the same statements (issue 20: 13 ms against 7 ms gave it away): one read, a
 * token made and hashed, one mail rendered, and in one transaction the outbox row with its job
 * (queueMail: withheld, with no words, for an address with no account or past the quota) and one
 * statement that replaces the reset link (rows only when the mail goes out). Either way the answer is the
 * same.
 */
export async function requestPasswordReset(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email));
  // Made for an unknown email too, only so that both paths do the same work; it is never stored.
  const token = randomToken();
  const tokenHash = sha256(token);
  const message = resetPasswordMail(ctx.mail, email, user?.firstName ?? '', token);
  await ctx.db.transaction(async (tx) => {
    const mail = await queueMail(ctx, tx, 'password-reset', message, { withhold: !user });
    const userId = mail.withheld ? null : (user?.id ?? null);
    await tx.execute(sql`
      with replaced as (
        update email_tokens set used_at = now()
        where user_id = ${userId}::uuid and purpose = 'RESET_PASSWORD' and used_at is null
      )
      insert into email_tokens (user_id, purpose, token_hash, expires_at)
      select id, 'RESET_PASSWORD', ${tokenHash}, now() + make_interval(hours => ${RESET_TTL_HOURS})
      from users where id = ${userId}::uuid`);
  });
}

/** Sets a new password from a reset link, verifies the email (the link proved it) and ends every session. */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const result = await consumeEmailToken(tx, token, 'RESET_PASSWORD');
    if (result.status !== 'ok') throw new AppError(400, ERROR_CODES.tokenInvalid, AUTH_MESSAGES.resetInvalid);
    const [user] = await setPasswordFromLink(tx, result.userId, passwordHash);
    await revokeAllSessions(tx, result.userId);
    if (user) await clearAccountFailures(tx, user.email);
  });
}
