import crypto from 'node:crypto';
import {
  deliversResults,
  type Kit,
  kitStatusForSample,
  kitTransitionAllowed,
  needsImportedResults,
  normaliseReferralCode,
  RECEIPT_MESSAGES,
  reportDelivered,
  resultsOnlyByImport,
  sampleTransitionAllowed,
  transitionRefusal,
} from '@portal/domain';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  kitEvents,
  kits,
  labResults,
  projects,
  referralCodes,
  sampleReceipts,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { cancelReminders, notify, scheduleReminder } from '../notifications/index.ts';
import { addEvent, formatVoucher, kitById, newVoucherCode, ownerOf, randomCode } from './kit-view.ts';

/** The operators' and the lab's steps: new kits, a kit's logistics and lab statuses, referral codes. */

/** Whether the kit's sample waits in quarantine for the lab's decision. */
async function inQuarantine(db: DbOrTx, kitId: number): Promise<boolean> {
  const [open] = await db
    .select({ kitId: sampleReceipts.kitId })
    .from(sampleReceipts)
    .where(
      and(
        eq(sampleReceipts.kitId, kitId),
        isNotNull(sampleReceipts.quarantinedAt),
        isNull(sampleReceipts.decision),
      ),
    );
  return open !== undefined;
}

const newSampleIdentifier = () => `MB${randomCode(8, 'ABCDEFGHJKMNPQRSTUVWXYZ0123456789')}`;
const newHashedId = () => crypto.randomBytes(12).toString('base64url');

/**
 * ops kits:create: new kits with vouchers, optionally owned (as if bought) by an existing account. The
 * PURCHASED event names `actor`: the buyer's id for a purchase on the web (issue 34 item 14), a staff
 * member's for an order on a customer's behalf; the operator key when none is given.
 */
export async function createKits(
  ctx: AppContext,
  input: {
    count: number;
    projectId: number;
    ownerEmail?: string | undefined;
    infant?: boolean | undefined;
    actor?: string | undefined;
  },
) {
  return ctx.db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, input.projectId));
    if (!project) throw notFound(`There is no project ${input.projectId}.`);
    let ownerId: string | null = null;
    let referralCode: string | null = null;
    if (input.ownerEmail) {
      const [owner] = await tx
        .select({ id: users.id, referralCode: users.referralCode })
        .from(users)
        .where(eq(users.email, input.ownerEmail.trim().toLowerCase()));
      if (!owner) throw notFound(`There is no account with the email ${input.ownerEmail}.`);
      ownerId = owner.id;
      // The practitioner who referred the person at registration is credited with every kit they buy.
      referralCode = owner.referralCode;
    }
    const rows = await tx
      .insert(kits)
      .values(
        Array.from({ length: input.count }, () => ({
          hashedId: newHashedId(),
          projectId: project.id,
          ownerId,
          referralCode,
          voucherCode: newVoucherCode(),
          sampleIdentifier: newSampleIdentifier(),
          surveyResultId: input.infant ? crypto.randomUUID() : null,
        })),
      )
      .returning();
    if (ownerId)
      await tx
        .insert(kitEvents)
        .values(rows.map((k) => ({ kitId: k.id, eventType: 'PURCHASED', actor: input.actor ?? 'operator' })));
    return rows.map((k) => ({
      id: k.id,
      voucherCode: formatVoucher(k.voucherCode),
      sampleIdentifier: k.sampleIdentifier,
      hashedId: k.hashedId,
    }));
  });
}

/**
 * ops kit:set: a logistics or lab step. Each change is checked against the state machine, appends a
 * timeline event and, where the owner should hear of it, an email, all in one transaction. A sample
 * step also moves the kit (e.g. a sample at the lab makes the kit RECEIVED_BY_LAB).
 */
export async function setKitStatus(
  ctx: AppContext,
  kitId: number,
  change: {
    kitStatus?: string | undefined;
    sampleStatus?: string | undefined;
    displayDate?: string | undefined;
  },
  actor: string,
  /**
   * The kit's row, when the caller's transaction (ctx.db) already holds its lock: it is not read and
   * locked again (the results upload locks each kit once, decision 061).
   */
  locked?: typeof kits.$inferSelect,
): Promise<Kit> {
  const step = async (tx: Tx) => {
    const [kit] = locked ? [locked] : await tx.select().from(kits).where(eq(kits.id, kitId)).for('update');
    if (!kit) throw notFound(`There is no kit ${kitId}.`);
    let kitStatus = kit.kitStatus;
    let sampleStatus = kit.sampleStatus;
    const events: string[] = [];
    if (change.sampleStatus) {
      if (!sampleTransitionAllowed(sampleStatus, change.sampleStatus))
        throw conflict(transitionRefusal('sample', sampleStatus, change.sampleStatus));
      sampleStatus = change.sampleStatus;
      events.push(sampleStatus);
      const implied = kitStatusForSample(sampleStatus);
      if (!change.kitStatus && implied && implied !== kitStatus) {
        if (!kitTransitionAllowed(kitStatus, implied))
          throw conflict(
            `${transitionRefusal('kit', kitStatus, implied)} Move the kit first, or set both statuses together.`,
          );
        kitStatus = implied;
        events.push(kitStatus);
      }
    }
    if (change.kitStatus) {
      if (!kitTransitionAllowed(kitStatus, change.kitStatus))
        throw conflict(transitionRefusal('kit', kitStatus, change.kitStatus));
      kitStatus = change.kitStatus;
      events.push(kitStatus);
    }
    if (events.length === 0) throw invalid('Give a kit status, a sample status or both.');
    // A quarantined sample waits at RECEIVED_BY_LAB for the lab's decision (decision 061): no
    // lab step or failure takes it meanwhile: its failure is the quarantine's own decision, which
    // closes the quarantine first (decideQuarantine).
    if (
      kit.sampleStatus === 'RECEIVED_BY_LAB' &&
      sampleStatus !== kit.sampleStatus &&
      (await inQuarantine(tx, kit.id))
    )
      throw conflict(RECEIPT_MESSAGES.quarantined(`KIT-${kit.id}`));
    // A report state promises a report: only a results import (which stores it first) may reach one.
    if (needsImportedResults({ kitStatus, sampleStatus }) && !needsImportedResults(kit)) {
      const [imported] = await tx
        .select({ id: labResults.id })
        .from(labResults)
        .where(eq(labResults.kitId, kit.id));
      if (!imported) throw conflict(resultsOnlyByImport((change.sampleStatus ?? change.kitStatus) as string));
    }
    const displayDate =
      change.displayDate ??
      kit.displayDate ??
      (sampleStatus === 'RESULTS_AVAILABLE' ? new Date().toISOString().slice(0, 10) : null);
    await tx
      .update(kits)
      .set({ kitStatus, sampleStatus, displayDate, updatedAt: new Date() })
      .where(eq(kits.id, kit.id));
    for (const eventType of new Set(events)) await addEvent(tx, kit.id, eventType, actor);

    const shown = await kitById(tx, kit.id, { truth: true });
    const ownerId = kit.ownerId;
    if (ownerId) {
      const info = { ...kit, kitStatus, sampleStatus };
      const reached = (value: string) =>
        (kitStatus === value && kit.kitStatus !== value) ||
        (sampleStatus === value && kit.sampleStatus !== value);
      // The owner's inbox, and their email unless they switched kit progress off (issue 35).
      if (reached('DISPATCHED_BY_LAB')) await notify(ctx, tx, ownerId, { kind: 'kit-dispatched', kit: info });
      if (reached('RECEIVED_BY_LAB')) {
        await notify(ctx, tx, ownerId, {
          kind: 'sample-received',
          kit: info,
          reportComing: deliversResults(shown.project),
        });
        // The sample is back: no return reminder; the questionnaires' 2-day window starts.
        await cancelReminders(tx, { kind: 'SAMPLE_RETURN', kitId: kit.id });
        await scheduleReminder(ctx, tx, { userId: ownerId, kind: 'QUESTIONNAIRES', kitId: kit.id });
      }
      if (kitStatus.startsWith('FAILED_') && kitStatus !== kit.kitStatus) {
        await notify(ctx, tx, ownerId, {
          kind: 'sample-failed',
          kit: info,
          supportEmail: ctx.mail.supportEmail,
        });
        await cancelReminders(tx, { kind: 'QUESTIONNAIRES', kitId: kit.id });
      }
      // Results of a project that delivers none stay with staff: the participant is not told of them.
      if (
        sampleStatus === 'RESULTS_AVAILABLE' &&
        kit.sampleStatus !== 'RESULTS_AVAILABLE' &&
        reportDelivered(shown)
      ) {
        await notify(ctx, tx, ownerId, { kind: 'results-available', kit: info });
        await scheduleReminder(ctx, tx, { userId: ownerId, kind: 'COACH', kitId: kit.id });
      }
    }
    return shown;
  };
  // With a locked row, ctx.db is the caller's transaction (see `locked`).
  return locked ? step(ctx.db as Tx) : ctx.db.transaction(step);
}

/**
 * The lab retracts a released report (issue 34 item 8): the one move back the state machines allow no
 * one else. The caller has already taken the results away (retracted_results keeps them); the kit goes
 * back to PROCESSING with its sample COMPLETED (waiting for its corrected result), the timeline says
 * RESULTS_RETRACTED and the owner is told, when the project delivers results to them.
 */
export async function retractKitResults(ctx: AppContext, kitId: number, actor: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [kit] = await tx.select().from(kits).where(eq(kits.id, kitId)).for('update');
    if (!kit) throw notFound(`There is no kit ${kitId}.`);
    await tx
      .update(kits)
      .set({ kitStatus: 'PROCESSING', sampleStatus: 'COMPLETED', displayDate: null, updatedAt: new Date() })
      .where(eq(kits.id, kit.id));
    await addEvent(tx, kit.id, 'RESULTS_RETRACTED', actor);
    const shown = await kitById(tx, kit.id, { truth: true });
    const owner = kit.ownerId ? await ownerOf(tx, kit.ownerId) : null;
    if (owner && kit.ownerId && deliversResults(shown.project)) {
      const info = { ...kit, kitStatus: 'PROCESSING', sampleStatus: 'COMPLETED' };
      await notify(ctx, tx, kit.ownerId, { kind: 'results-retracted', kit: info });
      await cancelReminders(tx, { kind: 'COACH', kitId: kit.id });
    }
  });
}

export async function createReferralCode(
  ctx: AppContext,
  input: { code: string; firstName: string; lastName: string; email?: string | undefined },
) {
  const code = normaliseReferralCode(input.code);
  if (!/^[A-Z0-9]{3,20}$/.test(code))
    throw invalid('A referral code has 3 to 20 letters or digits (a REF- prefix is optional).');
  const [row] = await ctx.db
    .insert(referralCodes)
    .values({
      code,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ? input.email.trim().toLowerCase() : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`The referral code ${code} already exists.`);
  return { name: `${row.firstName} ${row.lastName}`, referralCode: row.code };
}
