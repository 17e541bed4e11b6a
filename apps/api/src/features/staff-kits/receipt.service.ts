import {
  collectionDateProblem,
  QUEUE_SHOWN,
  type QuarantineDecision,
  quarantineDecisionSchema,
  quarantineOnReceipt,
  RECEIPT_MESSAGES,
  RECEIVE_CHANGE,
  type ReceiveResult,
  type receiveRequestSchema,
  type SampleReceipt,
  STAFF_KIT_MESSAGES,
  stepRefusal,
  storagePlace,
  transitDays,
  withBrand,
} from '@portal/domain';
import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { kits, projects, sampleReceipts, surveyAnswers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { OPERATOR_KEY_LABEL, recordStaffAction } from '../staff/index.ts';
import { portalDay } from './dispatch-batches.service.ts';
import { staffRowColumns, toStaffRow } from './kit-search.service.ts';
import { kitByCode, move } from './kit-steps.service.ts';

/**
 * The lab's receipt of a sample (issue 34 item 11, decision 061): the receive scan records the
 * tube's condition, its collection date and days in transit, and where it is stored, in the scan's own
 * transaction. A tube not intact (or one the lab asks to hold) is quarantined: the sample is
 * RECEIVED_BY_LAB, which is true and all the person's timeline says, and no lab step takes it
 * (setKitStatus refuses) until a LAB member releases it or fails it.
 */

type ReceiveInput = z.output<typeof receiveRequestSchema>;
type ReceiptRow = typeof sampleReceipts.$inferSelect;

/** The person's answer to "On what date did you collect your stool sample?", if they gave one. */
async function answeredCollectionDate(db: DbOrTx, kitId: number): Promise<string | null> {
  const [row] = await db
    .select({ value: surveyAnswers.answerString })
    .from(surveyAnswers)
    .where(
      and(
        eq(surveyAnswers.kitId, kitId),
        eq(surveyAnswers.surveyType, 'DAY_OF_SAMPLING'),
        eq(surveyAnswers.questionId, 'DOS_SAMPLE_DATE'),
      ),
    );
  const value = row?.value ?? null;
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Staff members' names by user id (the operator key by its label), for the receipts shown. */
async function namesOf(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && id !== 'operator'))];
  const names = new Map<string, string>([['operator', OPERATOR_KEY_LABEL]]);
  if (!wanted.some((id) => UUID.test(id))) return names;
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(
      inArray(
        users.id,
        wanted.filter((id) => UUID.test(id)),
      ),
    );
  for (const r of rows) names.set(r.id, `${r.first ?? ''} ${r.last ?? ''}`.trim());
  return names;
}

export function toReceipt(row: ReceiptRow, names: Map<string, string>): SampleReceipt {
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return {
    condition: row.condition as SampleReceipt['condition'],
    collectionDate: row.collectionDate,
    collectionDateSource: row.collectionDateSource as SampleReceipt['collectionDateSource'],
    transitDays: row.transitDays,
    freezer: row.freezer,
    box: row.box,
    position: row.position,
    receivedAt: row.receivedAt.toISOString(),
    receivedBy: name(row.receivedBy),
    quarantine:
      row.quarantinedAt === null ? null : ((row.decision as 'RELEASED' | 'FAILED' | null) ?? 'OPEN'),
    quarantineReason: row.quarantineReason,
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: name(row.decidedBy),
  };
}

/** A kit's receipt as the console shows it, or null before the sample arrived. */
export async function receiptOf(db: DbOrTx, kitId: number): Promise<SampleReceipt | null> {
  const [row] = await db.select().from(sampleReceipts).where(eq(sampleReceipts.kitId, kitId));
  if (!row) return null;
  return toReceipt(row, await namesOf(db, [row.receivedBy, row.decidedBy]));
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

/**
 * The receive scan: refused (404, 409 or 400, nothing changed) or the sample RECEIVED_BY_LAB (the owner
 * emailed, as before) with its receipt, audited. The collection date is the one typed, else the person's
 * Day of sampling answer; one of them is needed, and it cannot be after the arrival or a year before it.
 */
export async function receiveSample(
  ctx: AppContext,
  principal: Principal,
  input: ReceiveInput,
  now: Date = new Date(),
): Promise<ReceiveResult> {
  return ctx.db.transaction(async (tx) => {
    const kit = await kitByCode(tx, input.code);
    if (!kit) throw notFound(STAFF_KIT_MESSAGES.unknownCode(input.code.trim()));
    const refusal = stepRefusal(kit, RECEIVE_CHANGE);
    if (refusal) throw conflict(withBrand(refusal, ctx.config.brandName));
    const answered = input.collectionDate ? null : await answeredCollectionDate(tx, kit.id);
    const collectionDate = input.collectionDate ?? answered;
    if (!collectionDate)
      throw invalid(RECEIPT_MESSAGES.collectionDateNeeded(kit.sampleIdentifier), {
        collectionDate: RECEIPT_MESSAGES.collectionDateNeeded(kit.sampleIdentifier),
      });
    const receivedDay = portalDay(now);
    const problem = collectionDateProblem(collectionDate, receivedDay);
    if (problem) throw invalid(problem, { collectionDate: problem });
    const place = { freezer: input.freezer, box: input.box, position: input.position };
    const [taken] = await tx
      .select({ kitId: sampleReceipts.kitId })
      .from(sampleReceipts)
      .where(
        and(
          eq(sampleReceipts.freezer, place.freezer),
          eq(sampleReceipts.box, place.box),
          eq(sampleReceipts.position, place.position),
        ),
      );
    if (taken && taken.kitId !== kit.id)
      throw conflict(RECEIPT_MESSAGES.placeTaken(storagePlace(place), `KIT-${taken.kitId}`));
    const quarantined = quarantineOnReceipt(input.condition, input.quarantine);
    const receipt = {
      condition: input.condition,
      collectionDate,
      collectionDateSource: input.collectionDate ? 'ENTERED' : 'QUESTIONNAIRE',
      transitDays: transitDays(collectionDate, receivedDay),
      ...place,
      receivedAt: now,
      receivedBy: principal.userId,
      quarantinedAt: quarantined ? now : null,
      quarantineReason: quarantined ? input.condition : null,
      decision: null,
      decisionNote: null,
      decidedAt: null,
      decidedBy: null,
    };
    const moved = await move(
      { ...ctx, db: tx },
      principal,
      kit,
      RECEIVE_CHANGE,
      'sample.receive',
      undefined,
      {
        condition: receipt.condition,
        collectionDate,
        transitDays: receipt.transitDays,
        storage: storagePlace(place),
        ...(quarantined ? { quarantine: 'OPEN' } : {}),
      },
    );
    try {
      await tx
        .insert(sampleReceipts)
        .values({ kitId: kit.id, ...receipt })
        .onConflictDoUpdate({ target: sampleReceipts.kitId, set: receipt });
    } catch (error) {
      // Another bench stored a tube at this place between the check and now.
      if (isUniqueViolation(error))
        throw conflict(RECEIPT_MESSAGES.placeTaken(storagePlace(place), 'another sample'));
      throw error;
    }
    const [row] = await tx.select().from(sampleReceipts).where(eq(sampleReceipts.kitId, kit.id));
    if (!row) throw notFound();
    return { ...moved, receipt: toReceipt(row, await namesOf(tx, [row.receivedBy])) };
  });
}

/**
 * A quarantined sample's decision: RELEASE puts it back in the flow (it stays RECEIVED_BY_LAB, and the
 * lab steps take it again); FAIL moves it to a failure (the tube's own by default) with the note as the
 * reason, which tells the owner as any failure does. Either is audited; a sample not in quarantine is
 * refused and nothing changes.
 */
export async function decideQuarantine(
  ctx: AppContext,
  principal: Principal,
  raw: QuarantineDecision,
  now: Date = new Date(),
): Promise<ReceiveResult> {
  const input = quarantineDecisionSchema.parse(raw);
  return ctx.db.transaction(async (tx) => {
    const kit = await kitByCode(tx, input.code);
    if (!kit) throw notFound(STAFF_KIT_MESSAGES.unknownCode(input.code.trim()));
    const label = `KIT-${kit.id}`;
    const [open] = await tx
      .select()
      .from(sampleReceipts)
      .where(
        and(
          eq(sampleReceipts.kitId, kit.id),
          isNotNull(sampleReceipts.quarantinedAt),
          isNull(sampleReceipts.decision),
        ),
      )
      .for('update');
    if (!open) throw conflict(RECEIPT_MESSAGES.notQuarantined(label));
    const note = input.note ?? null;
    const decided = {
      decision: input.decision === 'RELEASE' ? 'RELEASED' : 'FAILED',
      decisionNote: note,
      decidedAt: now,
      decidedBy: principal.userId,
    };
    // The decision first, so the failure's own step is no longer held by the quarantine.
    await tx.update(sampleReceipts).set(decided).where(eq(sampleReceipts.kitId, kit.id));
    let row = toStaffRow(kit);
    if (input.decision === 'FAIL') {
      const change = { sampleStatus: input.failure };
      const refusal = stepRefusal(kit, change);
      if (refusal) throw conflict(withBrand(refusal, ctx.config.brandName));
      row = await move(
        { ...ctx, db: tx },
        principal,
        kit,
        change,
        'sample.quarantine.fail',
        note ?? undefined,
      );
    } else {
      await recordStaffAction(tx, principal, {
        action: 'sample.quarantine.release',
        entity: 'kit',
        entityId: String(kit.id),
        subjectId: kit.ownerId,
        before: { quarantine: 'OPEN', reason: open.quarantineReason },
        after: { quarantine: 'RELEASED', ...(note ? { note } : {}) },
      });
    }
    const [after] = await tx.select().from(sampleReceipts).where(eq(sampleReceipts.kitId, kit.id));
    if (!after) throw notFound();
    return { ...row, receipt: toReceipt(after, await namesOf(tx, [after.receivedBy, after.decidedBy])) };
  });
}

/** The samples waiting in quarantine, oldest first. */
export async function quarantineList(ctx: AppContext) {
  const rows = await ctx.db
    .select({ ...staffRowColumns, receipt: getTableColumns(sampleReceipts) })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .leftJoin(users, eq(users.id, kits.ownerId))
    .innerJoin(sampleReceipts, eq(sampleReceipts.kitId, kits.id))
    .where(and(isNotNull(sampleReceipts.quarantinedAt), isNull(sampleReceipts.decision)))
    .orderBy(asc(sampleReceipts.quarantinedAt), asc(kits.id))
    .limit(QUEUE_SHOWN);
  const names = await namesOf(
    ctx.db,
    rows.map((r) => r.receipt.receivedBy),
  );
  return { items: rows.map((r) => ({ kit: toStaffRow(r), receipt: toReceipt(r.receipt, names) })) };
}
