import {
  normaliseReferralCode,
  type Promo,
  STAFF_CODE_MESSAGES,
  STAFF_CODES_PAGE_SIZE,
  type StaffPromoRow,
  type StaffReferralRow,
} from '@portal/domain';
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kits, orders, promoCodes, referralCodes, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { keysetPage } from '../../lib/keyset-page.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { createReferralCode } from '../kits/index.ts';
import { createPromo } from '../orders/index.ts';
import { recordStaffAction } from '../staff/index.ts';

/**
 * Codes (ADMIN): promo codes and practitioners' referral codes, A to Z by keyset on the code. Creating
 * one goes through the same function as the ops CLI (its rules and messages), inside a transaction
 * with its audit entry; disabling a promo code or deactivating a referral code makes checkout and
 * registration refuse it from then on, and is audited too.
 */
type CodeQuery = { q?: string | undefined; after?: string | undefined };

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function page<T extends { code: string }>(rows: T[]) {
  const { page: codes, next } = keysetPage(rows, STAFF_CODES_PAGE_SIZE, (row) => row.code);
  return { codes, next };
}

// ---- Promo codes -----------------------------------------------------------------------------

// Drizzle leaves columns of a one-table select unqualified, so the outer row is named in full.
const usage = sql<number>`(select count(*)::int from ${orders} where ${orders.promoCode} = "promo_codes"."code")`;

async function promoRows(db: DbOrTx, where: SQL | undefined, limit: number): Promise<StaffPromoRow[]> {
  const rows = await db
    .select({ promo: promoCodes, usage })
    .from(promoCodes)
    .where(where)
    .orderBy(asc(promoCodes.code))
    .limit(limit);
  return rows.map(({ promo, usage: used }) => ({
    code: promo.code,
    type: promo.type as StaffPromoRow['type'],
    value: promo.type === 'AMOUNT' ? promo.value / 100 : promo.value,
    remainingUsage: promo.remainingUsage,
    usage: Number(used),
    createdAt: promo.createdAt.toISOString(),
    disabledAt: promo.disabledAt?.toISOString() ?? null,
  }));
}

async function promoRow(db: DbOrTx, code: string): Promise<StaffPromoRow> {
  const [row] = await promoRows(db, eq(promoCodes.code, code), 1);
  if (!row) throw notFound(STAFF_CODE_MESSAGES.promoNotFound);
  return row;
}

export async function listPromoCodes(db: DbOrTx, query: CodeQuery) {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(sql`${promoCodes.code} like ${likePrefix(query.q.toUpperCase())}`);
  if (query.after) conditions.push(gt(promoCodes.code, query.after));
  return page(await promoRows(db, and(...conditions), STAFF_CODES_PAGE_SIZE + 1));
}

export async function createPromoByStaff(
  ctx: AppContext,
  principal: Principal,
  input: { code: string; type: Promo['type']; value: number; remainingUsage: number | null },
): Promise<StaffPromoRow> {
  return ctx.db.transaction(async (tx) => {
    const promo = await createPromo({ ...ctx, db: tx }, input);
    await recordStaffAction(tx, principal, {
      action: 'promo_code.create',
      entity: 'promo_code',
      entityId: promo.code,
      after: promo,
    });
    return promoRow(tx, promo.code);
  });
}

export async function disablePromoCode(
  ctx: AppContext,
  principal: Principal,
  rawCode: string,
): Promise<StaffPromoRow> {
  const code = rawCode.trim().toUpperCase();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(promoCodes)
      .set({ disabledAt: sql`now()` })
      .where(and(eq(promoCodes.code, code), isNull(promoCodes.disabledAt)))
      .returning({ code: promoCodes.code });
    if (!row) {
      const [exists] = await tx
        .select({ code: promoCodes.code })
        .from(promoCodes)
        .where(eq(promoCodes.code, code));
      throw exists
        ? conflict(STAFF_CODE_MESSAGES.promoDisabled)
        : notFound(STAFF_CODE_MESSAGES.promoNotFound);
    }
    const shown = await promoRow(tx, code);
    await recordStaffAction(tx, principal, {
      action: 'promo_code.disable',
      entity: 'promo_code',
      entityId: code,
      before: { disabledAt: null },
      after: { disabledAt: shown.disabledAt, usage: shown.usage },
    });
    return shown;
  });
}

// ---- Referral codes --------------------------------------------------------------------------

const accounts = sql<number>`(select count(*)::int from ${users} where ${users.referralCode} = "referral_codes"."code")`;
const kitsCarrying = sql<number>`(select count(*)::int from ${kits} where ${kits.referralCode} = "referral_codes"."code")`;

async function referralRows(db: DbOrTx, where: SQL | undefined, limit: number): Promise<StaffReferralRow[]> {
  const rows = await db
    .select({ ref: referralCodes, accounts, kits: kitsCarrying })
    .from(referralCodes)
    .where(where)
    .orderBy(asc(referralCodes.code))
    .limit(limit);
  return rows.map(({ ref, accounts: people, kits: carried }) => ({
    code: ref.code,
    firstName: ref.firstName,
    lastName: ref.lastName,
    active: ref.active,
    createdAt: ref.createdAt.toISOString(),
    accounts: Number(people),
    kits: Number(carried),
  }));
}

async function referralRow(db: DbOrTx, code: string): Promise<StaffReferralRow> {
  const [row] = await referralRows(db, eq(referralCodes.code, code), 1);
  if (!row) throw notFound(STAFF_CODE_MESSAGES.referralNotFound);
  return row;
}

export async function listReferralCodes(db: DbOrTx, query: CodeQuery) {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(sql`${referralCodes.code} like ${likePrefix(normaliseReferralCode(query.q))}`);
  if (query.after) conditions.push(gt(referralCodes.code, query.after));
  return page(await referralRows(db, and(...conditions), STAFF_CODES_PAGE_SIZE + 1));
}

export async function createReferralByStaff(
  ctx: AppContext,
  principal: Principal,
  input: { code: string; firstName: string; lastName: string; email?: string | undefined },
): Promise<StaffReferralRow> {
  return ctx.db.transaction(async (tx) => {
    const created = await createReferralCode({ ...ctx, db: tx }, input);
    await recordStaffAction(tx, principal, {
      action: 'referral_code.create',
      entity: 'referral_code',
      entityId: created.referralCode,
      after: { code: created.referralCode, name: created.name },
    });
    return referralRow(tx, created.referralCode);
  });
}

export async function deactivateReferralCode(
  ctx: AppContext,
  principal: Principal,
  rawCode: string,
): Promise<StaffReferralRow> {
  const code = normaliseReferralCode(rawCode);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(referralCodes)
      .set({ active: false })
      .where(and(eq(referralCodes.code, code), eq(referralCodes.active, true)))
      .returning({ code: referralCodes.code });
    if (!row) {
      const [exists] = await tx
        .select({ code: referralCodes.code })
        .from(referralCodes)
        .where(eq(referralCodes.code, code));
      throw exists
        ? conflict(STAFF_CODE_MESSAGES.referralInactive)
        : notFound(STAFF_CODE_MESSAGES.referralNotFound);
    }
    await recordStaffAction(tx, principal, {
      action: 'referral_code.deactivate',
      entity: 'referral_code',
      entityId: code,
      before: { active: true },
      after: { active: false },
    });
    return referralRow(tx, code);
  });
}
