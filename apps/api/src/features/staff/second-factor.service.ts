import crypto from 'node:crypto';
import {
  ERROR_CODES,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  STAFF_ERROR_CODES,
  STAFF_MESSAGES,
  type StaffSession,
  TOTP_CODE_PATTERN,
  type TotpSetup,
} from '@portal/domain';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/client.ts';
import { staffMembers, staffRecoveryCodes, staffSessions, users } from '../../db/schema/index.ts';
import { deviceSummary, networkOf } from '../../lib/client-summary.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, forbidden, invalid, notFound, tooMany, unauthorized } from '../../lib/errors.ts';
import { sealer, sha256 } from '../../lib/secrets.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../../plugins/staff-audit.ts';
import { staffStanding } from '../../plugins/staff-standing.ts';
import {
  clearFailures,
  LOCK_WINDOW_MINUTES,
  recordFailure,
  type ThrottleKeys,
  throttleState,
} from '../auth/index.ts';
import { clearFactorFailures, factorLockOf, recordFactorFailure } from './second-factor-lock.ts';

/**
 * The staff second factor (decision 037): TOTP (RFC 6238, 30-second steps, 6 digits, SHA-1, as every
 * authenticator app expects) with otplib, and ten single-use recovery codes. A code is accepted one step
 * either side of now, and never twice: the step it matched is kept, and a code of that step or an
 * earlier one is refused. Wrong codes count like wrong passwords (login-throttle.ts, per account and
 * address), so a 6-digit code cannot be guessed by trying.
 */
const TOTP_TOLERANCE_SECONDS = 30;
/** The secrets are kept sealed with a key of their own, derived from the server secret. */
const totpSealer = (ctx: AppContext) => sealer(`staff-totp:${ctx.jwtSecret}`);
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A recovery code as it is compared: upper case, without its dash. */
const normaliseRecoveryCode = (code: string) => code.trim().toUpperCase().replace('-', '');

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The signed-in staff member's own view: who, roles, and how far the second factor is. */
export async function staffSessionOf(ctx: AppContext, principal: Principal): Promise<StaffSession> {
  const standing = await staffStanding(ctx.db, principal.userId, principal.sessionId);
  const [row] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, principal.userId));
  if (!row) throw unauthorized();
  const [left] = await ctx.db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, principal.userId), isNull(staffRecoveryCodes.usedAt)));
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: standing.roles,
    enrolled: standing.enrolled,
    secondFactorPassed: standing.secondFactorPassed,
    recoveryCodesLeft: left?.n ?? 0,
  };
}

/** Starts (or starts again) setting up an authenticator app: a new secret, its URI and QR code. */
export async function beginTotpEnrolment(ctx: AppContext, principal: Principal): Promise<TotpSetup> {
  const [member] = await ctx.db
    .select({ confirmedAt: staffMembers.totpConfirmedAt, email: users.email })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(staffMembers.userId, principal.userId));
  if (!member) throw notFound(STAFF_MESSAGES.notStaff);
  if (member.confirmedAt) throw conflict(STAFF_MESSAGES.alreadyEnrolled);
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: `${ctx.config.brandName} staff`, label: member.email, secret });
  await ctx.db
    .update(staffMembers)
    .set({ totpSecretSealed: totpSealer(ctx).seal(secret), totpLastStep: null })
    .where(eq(staffMembers.userId, principal.userId));
  // The secret is shown: whoever holds it can make codes, so each showing is audited (issue 32).
  await recordStaffAction(ctx.db, principal, {
    action: 'staff.second_factor.begin',
    entity: 'user',
    entityId: principal.userId,
    subjectId: principal.userId,
  });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a TOTP code against the member's secret and spends its time step. Answers whether it matched;
 * the caller counts a miss.
 */
async function spendTotpCode(ctx: AppContext, tx: DbOrTx, userId: string, code: string): Promise<boolean> {
  const [member] = await tx
    .select({ sealed: staffMembers.totpSecretSealed, lastStep: staffMembers.totpLastStep })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId))
    .for('update');
  if (!member?.sealed) throw invalid(STAFF_MESSAGES.noPendingEnrolment);
  const secret = totpSealer(ctx).open(member.sealed);
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(member.lastStep !== null ? { afterTimeStep: member.lastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  // The functional API answers HOTP's shape too; a TOTP match carries the time step it matched.
  if (!result.valid || !('timeStep' in result) || typeof result.timeStep !== 'number') return false;
  await tx.update(staffMembers).set({ totpLastStep: result.timeStep }).where(eq(staffMembers.userId, userId));
  return true;
}

/** The client a session passed the second factor from: what the sessions list keeps of it. */
export type StaffClient = { ip: string; userAgent?: string | undefined };

/** Marks this session as past the second factor, with a summary of its device and network. */
async function passSession(
  tx: DbOrTx,
  principal: Principal,
  method: 'TOTP' | 'RECOVERY_CODE',
  client: StaffClient,
) {
  await tx
    .insert(staffSessions)
    .values({
      familyId: principal.sessionId,
      userId: principal.userId,
      method,
      device: deviceSummary(client.userAgent),
      network: networkOf(client.ip),
    })
    .onConflictDoNothing();
}

/** Wrong codes are throttled per account and address, as sign-in is. */
async function throttled<T>(
  ctx: AppContext,
  principal: Principal,
  ip: string,
  attempt: () => Promise<T | null>,
) {
  // Counters of their own: wrong codes never slow or lock anyone's password sign-in from the address.
  const keys: ThrottleKeys = {
    account: `staff-2fa:${principal.userId}`,
    pair: `staff-2fa:${principal.userId} ip:${ip}`,
    address: `staff-2fa ip:${ip}`,
  };
  const { lockedSeconds } = await throttleState(ctx.db, keys, 0);
  if (lockedSeconds > 0) throw tooMany(STAFF_MESSAGES.codeLocked, ERROR_CODES.accountLocked, lockedSeconds);
  const outcome = await attempt();
  if (outcome === null) {
    if (await recordFailure(ctx.db, keys))
      throw tooMany(STAFF_MESSAGES.codeLocked, ERROR_CODES.accountLocked, LOCK_WINDOW_MINUTES * 60);
    return null;
  }
  await clearFailures(ctx.db, keys);
  return outcome;
}

/**
 * Confirms the app with its first code: the factor is enrolled, this session has passed it, and ten
 * recovery codes are made and returned, the only time they are shown.
 */
export async function confirmTotpEnrolment(
  ctx: AppContext,
  principal: Principal,
  code: string,
  { ip, userAgent }: StaffClient,
): Promise<{ recoveryCodes: string[] }> {
  const outcome = await throttled(ctx, principal, ip, () =>
    ctx.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ confirmedAt: staffMembers.totpConfirmedAt })
        .from(staffMembers)
        .where(eq(staffMembers.userId, principal.userId));
      if (member?.confirmedAt) throw conflict(STAFF_MESSAGES.alreadyEnrolled);
      if (!(await spendTotpCode(ctx, tx, principal.userId, code))) {
        // Audited, not counted: before the app is set up there is no factor to lock.
        await recordStaffAction(tx, principal, {
          action: 'staff.second_factor.fail',
          entity: 'user',
          entityId: principal.userId,
          subjectId: principal.userId,
          after: { method: 'TOTP', address: ip, enrolment: true },
        });
        return null;
      }
      await tx
        .update(staffMembers)
        .set({ totpConfirmedAt: sql`now()` })
        .where(eq(staffMembers.userId, principal.userId));
      const recoveryCodes = await replaceRecoveryCodes(tx, principal.userId);
      await passSession(tx, principal, 'TOTP', { ip, userAgent });
      await recordStaffAction(tx, principal, {
        action: 'staff.second_factor.enrol',
        entity: 'user',
        entityId: principal.userId,
        subjectId: principal.userId,
        after: { method: 'TOTP', recoveryCodes: RECOVERY_CODE_COUNT },
      });
      return { recoveryCodes };
    }),
  );
  if (!outcome) throw invalid(STAFF_MESSAGES.codeWrong, { code: STAFF_MESSAGES.codeWrong });
  return outcome;
}

async function replaceRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: sha256(normaliseRecoveryCode(code)) })));
  return codes;
}

/**
 * Sign-in's second step: a current TOTP code, or an unused recovery code (then spent). Every wrong code
 * also counts on the account (second-factor-lock.ts): at the tenth no TOTP code is taken, the right one
 * included, until a recovery code or an ADMIN unlocks.
 */
export async function passSecondFactor(
  ctx: AppContext,
  principal: Principal,
  code: string,
  { ip, userAgent }: StaffClient,
) {
  const standing = await staffStanding(ctx.db, principal.userId, principal.sessionId);
  if (!standing.enrolled) throw invalid(STAFF_MESSAGES.enrolmentRequired);
  const isTotp = TOTP_CODE_PATTERN.test(code);
  const isRecovery = RECOVERY_CODE_PATTERN.test(code.toUpperCase());
  const method = isTotp ? 'TOTP' : 'RECOVERY_CODE';
  const message = isTotp ? STAFF_MESSAGES.codeWrong : STAFF_MESSAGES.recoveryCodeWrong;
  let locked = false;
  const outcome = await throttled(ctx, principal, ip, () =>
    ctx.db.transaction(async (tx) => {
      const lock = await factorLockOf(tx, principal.userId);
      const failed = async () => {
        locked = await recordFactorFailure(ctx, tx, principal, { method, ip, alreadyLocked: lock.locked });
        return null;
      };
      if (isTotp) {
        if (lock.locked || !(await spendTotpCode(ctx, tx, principal.userId, code))) return failed();
        await clearFactorFailures(tx, principal, false);
        await passSession(tx, principal, 'TOTP', { ip, userAgent });
        return true;
      }
      if (!isRecovery) return failed();
      const [spent] = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(staffRecoveryCodes.userId, principal.userId),
            eq(staffRecoveryCodes.codeHash, sha256(normaliseRecoveryCode(code))),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      if (!spent) return failed();
      await clearFactorFailures(tx, principal, lock.locked);
      await passSession(tx, principal, 'RECOVERY_CODE', { ip, userAgent });
      const [left] = await tx
        .select({ n: count() })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.userId, principal.userId), isNull(staffRecoveryCodes.usedAt)));
      await recordStaffAction(tx, principal, {
        action: 'staff.recovery_code.use',
        entity: 'user',
        entityId: principal.userId,
        subjectId: principal.userId,
        after: { recoveryCodesLeft: left?.n ?? 0 },
      });
      return true;
    }),
  );
  if (outcome) return;
  if (locked) throw forbidden(STAFF_MESSAGES.factorLocked, STAFF_ERROR_CODES.secondFactorLocked);
  throw invalid(message, { code: message });
}

/** New recovery codes for a staff member past the second factor (the old ones stop working). */
export async function renewRecoveryCodes(ctx: AppContext, principal: Principal) {
  return ctx.db.transaction(async (tx) => {
    const recoveryCodes = await replaceRecoveryCodes(tx, principal.userId);
    await recordStaffAction(tx, principal, {
      action: 'staff.recovery_codes.renew',
      entity: 'user',
      entityId: principal.userId,
      subjectId: principal.userId,
      after: { recoveryCodes: RECOVERY_CODE_COUNT },
    });
    return { recoveryCodes };
  });
}
