import {
  becomesGuardian,
  canViewReport,
  DEPENDANT_TEXTS,
  type DependantDetails,
  dependantRedeem,
  isNotActivated,
  KIT_MESSAGES,
  type Kit,
  type KitChanged,
  normaliseReferralCode,
  normaliseVoucher,
  PROFILE_MESSAGES,
  type UpdateKit,
} from '@portal/domain';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type KitRow, kits, projects, referralCodes, sentKits, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound, sessionExpired } from '../../lib/errors.ts';
import { notify, scheduleReminder } from '../notifications/index.ts';
import { kitGiftMail } from './kit-mail.ts';
import { addEvent, formatVoucher, kitById } from './kit-view.ts';

/** What the owner does with a kit: redeem, activate, give, name and note it, credit a referral. */

/** The owner's own kit, locked for the rest of the transaction; a stranger gets 404 (no enumeration). */
async function ownKitForUpdate(tx: DbOrTx, userId: string, kitId: number): Promise<KitRow> {
  const [kit] = await tx
    .select()
    .from(kits)
    .where(and(eq(kits.id, kitId), eq(kits.ownerId, userId)))
    .for('update');
  if (!kit) throw notFound(KIT_MESSAGES.kitNotFound);
  return kit;
}

/** The practitioner behind an active code (REF-/REF stripped); an empty or unknown code is refused. */
export async function activeReferral(ctx: AppContext, raw: string) {
  const code = normaliseReferralCode(raw);
  if (!code) throw invalid(KIT_MESSAGES.referralRequired, { referralCode: KIT_MESSAGES.referralRequired });
  const [row] = await ctx.db
    .select()
    .from(referralCodes)
    .where(and(eq(referralCodes.code, code), eq(referralCodes.active, true)));
  if (!row) throw notFound(KIT_MESSAGES.referralUnknown);
  return { firstName: row.firstName, lastName: row.lastName, referralCode: row.code };
}

export async function lookupReferral(ctx: AppContext, raw: string) {
  const row = await activeReferral(ctx, raw);
  return { name: `${row.firstName} ${row.lastName}`, referralCode: row.referralCode };
}

/** putKit: name, notes, referral code (null removes it) or the report-received tick. */
export async function updateKit(
  ctx: AppContext,
  userId: string,
  kitId: number,
  patch: UpdateKit,
): Promise<Kit> {
  return ctx.db.transaction(async (tx) => {
    const kit = await ownKitForUpdate(tx, userId, kitId);
    // Optimistic concurrency on the row lock: a tab that shows an older name or notes would undo another's
    // save. The schema requires `was` for each of the two a change names (400 without).
    const was = patch.was;
    if (
      (patch.name !== undefined && (was?.name ?? null) !== kit.name) ||
      (patch.notes !== undefined && (was?.notes ?? null) !== kit.notes)
    )
      throw conflict(KIT_MESSAGES.staleKit);
    const changes: Partial<KitRow> = { updatedAt: new Date() };
    if (patch.name !== undefined) changes.name = patch.name?.trim() || null;
    if (patch.notes !== undefined) changes.notes = patch.notes?.trim() ? patch.notes : null;
    if (patch.referralCode !== undefined) {
      changes.referralCode =
        patch.referralCode === null
          ? null
          : (await lookupReferral({ ...ctx, db: tx }, patch.referralCode)).referralCode;
    }
    if (patch.reportReceived) {
      if (!canViewReport(kit)) throw conflict('The report of this kit is not available yet.');
      changes.reportReceived = true;
    }
    await tx.update(kits).set(changes).where(eq(kits.id, kit.id));
    return kitById(tx, kit.id);
  });
}

/**
 * The kit behind a voucher, with its project, when this person may redeem it: unowned, or already
 * theirs and not yet sent. Shared with the research voucher check.
 */
export function redeemableKitByVoucher(tx: DbOrTx, userId: string, voucher: string) {
  return tx
    .select({ kit: kits, project: projects })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(
      and(
        eq(kits.voucherCode, normaliseVoucher(voucher)),
        or(isNull(kits.ownerId), eq(kits.ownerId, userId)),
        inArray(kits.kitStatus, ['UNASSIGNED', 'ASSIGNED', 'REDEEMED']),
      ),
    );
}

/** A kit found by voucher that this person may redeem, locked for the redeem when `lock`. */
async function kitByVoucher(tx: DbOrTx, userId: string, voucher: string, lock: boolean) {
  const query = redeemableKitByVoucher(tx, userId, voucher);
  const [row] = await (lock ? query.for('update', { of: kits }) : query);
  if (!row) throw notFound(KIT_MESSAGES.invalidVoucher);
  return row;
}

/** checkVoucher: the kit behind a voucher; any code that cannot be redeemed by this person reads as invalid. */
export async function checkVoucher(ctx: AppContext, userId: string, voucher: string) {
  const { kit, project } = await kitByVoucher(ctx.db, userId, voucher, false);
  return {
    id: kit.id,
    kitId: kit.id,
    kitStatus: kit.kitStatus,
    projectId: project.id,
    name: project.name,
    logisticType: project.logisticType,
    ownedByYou: kit.ownerId === userId,
  };
}

type Address = {
  addressLine1: string;
  addressLine2?: string | null | undefined;
  suburb: string;
  state: string;
  postcode: string;
  gnafId?: string | null | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
};

/** Sends a kit now: its project's logistic type is read with the kit, so this adds no read of its own. */
async function requestDispatch(
  ctx: AppContext,
  tx: Tx,
  kit: KitRow,
  logisticType: string,
  userId: string,
  address: Address,
) {
  if (logisticType === 'CLIENT_MANAGED') throw conflict(KIT_MESSAGES.clientManaged);
  if (!isNotActivated(kit) && kit.kitStatus !== 'REDEEMED') throw conflict(KIT_MESSAGES.notActivatable);
  const now = new Date();
  await tx
    .update(kits)
    .set({
      kitStatus: 'REQUESTED',
      activatedAt: now,
      redeemedAt: kit.redeemedAt ?? now,
      shipFirstName: address.firstName ?? null,
      shipLastName: address.lastName ?? null,
      shipAddressLine1: address.addressLine1,
      shipAddressLine2: address.addressLine2 ?? null,
      shipSuburb: address.suburb,
      shipState: address.state,
      shipPostcode: address.postcode,
      shipGnafId: address.gnafId ?? null,
      updatedAt: now,
    })
    .where(eq(kits.id, kit.id));
  await addEvent(tx, kit.id, 'REQUESTED', userId);
  await notify(ctx, tx, userId, { kind: 'kit-requested', kit: { ...kit, kitStatus: 'REQUESTED' } });
  // A kit activated more than 14 days ago whose sample has not reached the lab: a reminder (issue 35).
  await scheduleReminder(ctx, tx, { userId, kind: 'SAMPLE_RETURN', kitId: kit.id });
}

/** redeemKit / redeemKitBasic: claims the kit by its voucher; with activate it is also sent now. */
export async function redeemKit(
  ctx: AppContext,
  userId: string,
  body: {
    kitId: number;
    voucher: string;
    activate: boolean;
    forDependant?: boolean | undefined;
    dependant?: DependantDetails | undefined;
  } & Partial<Address>,
): Promise<KitChanged> {
  return ctx.db.transaction(async (tx) => {
    const { kit, project } = await kitByVoucher(tx, userId, body.voucher, true);
    if (kit.id !== body.kitId) throw notFound(KIT_MESSAGES.invalidVoucher);
    if (body.forDependant) await takeDependantKit(tx, userId, body.dependant);
    const now = new Date();
    const firstRedeem = kit.ownerId === null || kit.redeemedAt === null;
    const redeemed = {
      ownerId: userId,
      kitStatus: 'ASSIGNED',
      redeemedAt: kit.redeemedAt ?? now,
      updatedAt: now,
    };
    await tx.update(kits).set(redeemed).where(eq(kits.id, kit.id));
    if (firstRedeem) {
      await addEvent(tx, kit.id, 'REDEEMED', userId);
      await tx
        .update(sentKits)
        .set({ redeemedAt: now })
        .where(and(eq(sentKits.kitId, kit.id), isNull(sentKits.redeemedAt)));
    }
    if (!body.activate) return { kitId: kit.id, kitStatus: redeemed.kitStatus };
    await requestDispatch(ctx, tx, { ...kit, ...redeemed }, project.logisticType, userId, body as Address);
    return { kitId: kit.id, kitStatus: 'REQUESTED' };
  });
}

/**
 * "For my child or dependant": one guardian account covers one dependant (dependantRedeem). An adult's
 * own account that holds kits is refused; an adult account with none becomes the dependant's account,
 * with the dependant's name and date of birth, and the adult's name moves to the guardian fields (issue
 * 33 item 23). Locked, so two redeems at once cannot both find the account empty.
 */
async function takeDependantKit(tx: DbOrTx, userId: string, dependant: DependantDetails | undefined) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw sessionExpired();
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(kits)
    .where(eq(kits.ownerId, userId));
  const account = { underAge: user.underAge, guardian: user.guardian, kitsHeld: held?.n ?? 0 };
  if (dependantRedeem(account) !== 'VOUCHER') throw conflict(KIT_MESSAGES.rejectGuardian);
  if (!becomesGuardian(account)) return;
  if (!dependant) {
    throw invalid(DEPENDANT_TEXTS.detailsRequired, {
      firstName: PROFILE_MESSAGES.required,
      lastName: PROFILE_MESSAGES.required,
      dateOfBirth: PROFILE_MESSAGES.required,
    });
  }
  await tx
    .update(users)
    .set({
      guardian: true,
      guardianFirstName: user.firstName,
      guardianLastName: user.lastName,
      firstName: dependant.firstName,
      lastName: dependant.lastName,
      dateOfBirth: dependant.dateOfBirth,
      updatedAt: new Date(),
      // A profile form open in another tab still shows the adult's name: its save is refused (item 16).
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, userId));
}

/** activateKit: the owner asks for a kit they hold to be sent to an address. */
export async function activateKit(
  ctx: AppContext,
  userId: string,
  kitId: number,
  address: Address,
): Promise<KitChanged> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ kit: kits, logisticType: projects.logisticType })
      .from(kits)
      .innerJoin(projects, eq(projects.id, kits.projectId))
      .where(and(eq(kits.id, kitId), eq(kits.ownerId, userId)))
      .for('update', { of: kits });
    if (!row) throw notFound(KIT_MESSAGES.kitNotFound);
    await requestDispatch(ctx, tx, row.kit, row.logisticType, userId, address);
    return { kitId, kitStatus: 'REQUESTED' };
  });
}

/** Give a kit: by one of the person's unsent kits, or by an unredeemed voucher. The receiver gets the voucher. */
export async function giveKit(
  ctx: AppContext,
  userId: string,
  body: { receiverEmail: string; kitId?: number | undefined; voucher?: string | undefined },
) {
  const receiverEmail = body.receiverEmail.trim().toLowerCase();
  return ctx.db.transaction(async (tx) => {
    const [giver] = await tx.select().from(users).where(eq(users.id, userId));
    if (!giver) throw notFound();
    if (giver.email === receiverEmail)
      throw invalid(KIT_MESSAGES.giveToSelf, { receiverEmail: KIT_MESSAGES.giveToSelf });
    let kit: KitRow;
    if (body.kitId !== undefined) kit = await ownKitForUpdate(tx, userId, body.kitId);
    else if (body.voucher) kit = (await kitByVoucher(tx, userId, body.voucher, true)).kit;
    else throw invalid(KIT_MESSAGES.voucherRequired, { voucher: KIT_MESSAGES.voucherRequired });
    if (!isNotActivated(kit) && kit.kitStatus !== 'REDEEMED') throw conflict(KIT_MESSAGES.notGivable);
    const [project] = await tx.select().from(projects).where(eq(projects.id, kit.projectId));
    if (!project?.givingAllowed) throw conflict(KIT_MESSAGES.notGivable);
    const now = new Date();
    await tx
      .update(kits)
      .set({ ownerId: null, kitStatus: 'UNASSIGNED', redeemedAt: null, updatedAt: now })
      .where(eq(kits.id, kit.id));
    await tx
      .insert(sentKits)
      .values({ kitId: kit.id, giverId: userId, receiverEmail, requestedAt: now, lastSentAt: now })
      .onConflictDoUpdate({
        target: sentKits.kitId,
        set: { giverId: userId, receiverEmail, requestedAt: now, redeemedAt: null, lastSentAt: now },
      });
    await addEvent(tx, kit.id, 'GIVEN', userId);
    await queueMail(
      ctx,
      tx,
      'kit-gift',
      kitGiftMail(
        ctx.mail,
        receiverEmail,
        `${giver.firstName} ${giver.lastName}`,
        formatVoucher(kit.voucherCode),
      ),
    );
    return { kitId: kit.id, receiverEmail };
  });
}

/** Send again: the gift email once more, while the receiver has not redeemed it. */
export async function resendGift(ctx: AppContext, userId: string, kitId: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sent: sentKits, kit: kits, giver: users })
      .from(sentKits)
      .innerJoin(kits, eq(kits.id, sentKits.kitId))
      .innerJoin(users, eq(users.id, sentKits.giverId))
      .where(and(eq(sentKits.kitId, kitId), eq(sentKits.giverId, userId)))
      .for('update', { of: sentKits });
    if (!row) throw notFound(KIT_MESSAGES.kitNotFound);
    if (row.sent.redeemedAt || row.kit.ownerId) throw conflict(KIT_MESSAGES.sentKitRedeemed);
    await tx.update(sentKits).set({ lastSentAt: new Date() }).where(eq(sentKits.id, row.sent.id));
    await queueMail(
      ctx,
      tx,
      'kit-gift',
      kitGiftMail(
        ctx.mail,
        row.sent.receiverEmail,
        `${row.giver.firstName} ${row.giver.lastName}`,
        formatVoucher(row.kit.voucherCode),
      ),
    );
    return { kitId, receiverEmail: row.sent.receiverEmail };
  });
}
