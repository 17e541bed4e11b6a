import {
  isSampleAtLab,
  missingLabSteps,
  type ProfileQc,
  profileQc,
  type QcState,
  REPORT_MESSAGES,
  RESULTS_QC_MESSAGES,
  type ResultsPreviewItem,
  type ResultsUpload,
  STAFF_KIT_MESSAGES,
  sampleFromFileName,
} from '@portal/domain';
import type { BuildReport } from '@portal/domain/report';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  closureRequests,
  kitEvents,
  kits,
  labResults,
  projects,
  retractedResults,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { retractKitResults, setKitStatus } from '../kits/index.ts';
import { profileDigest, reportOfProfile, storeResults } from '../reports/index.ts';
import { recordStaffAction } from '../staff/index.ts';
import { heldByRun } from './lab-runs.service.ts';

/**
 * The lab's results upload: a preview that validates, scores and checks every profile (its QC, and
 * which samples would be refused and why), storing nothing; then the store, one transaction per sample
 * (the sample waits at COMPLETED, PENDING a second LAB member's approval, or HELD when a check found
 * something); then the four-eyes approval and the release, which sets RESULTS_AVAILABLE and emails the
 * owners; and the retraction of a released report. The preview and the store refuse by one rule
 * (refusalOf), over the same facts of each kit (kitFacts).
 */

type Profile = ResultsUpload['profiles'][number];

const sampleOf = (p: Profile) => p.sampleIdentifier?.trim().toUpperCase() ?? sampleFromFileName(p.fileName);

/**
 * The report of a profile, or the refusal a person reads (a malformed file says what and where). Scored
 * on a reading thread (reportOfProfile), one profile after another.
 */
async function scored(profile: Profile): Promise<{ report: BuildReport } | { refusal: string }> {
  try {
    return { report: await reportOfProfile(profile.text) };
  } catch (error) {
    if (error instanceof AppError) return { refusal: error.message };
    throw error;
  }
}

const scoresOf = (report: BuildReport) => ({
  database: report.database,
  version: report.version,
  richness: report.diversity.richness.value,
  shannon: report.diversity.shannon.value,
  inverseSimpson: report.diversity.inverseSimpson.value,
  evenness: report.diversity.evenness.value,
  gmwi2: report.indices.gmwi2.value,
  gmhi: report.indices.gmhi.value,
});

type KitFacts = {
  id: number;
  sample: string;
  sampleStatus: string | null;
  stored: boolean;
  ownerClosed: boolean;
  required: string[];
  reached: string[];
};

/**
 * What the refusal rule needs of each named kit, in one statement: whether it has results, whether its
 * owner closed the account, its project's required steps and which of them it has been through.
 */
async function kitFacts(db: DbOrTx, samples: string[]): Promise<Map<string, KitFacts>> {
  if (samples.length === 0) return new Map();
  // Drizzle writes a selected column unqualified ("id"), which inside these subqueries would be their
  // own table's: the outer kit is named in full.
  const rows = await db
    .select({
      id: kits.id,
      sample: kits.sampleIdentifier,
      sampleStatus: kits.sampleStatus,
      stored: sql<boolean>`exists (select 1 from ${labResults} where ${labResults.kitId} = "kits"."id")`,
      ownerClosed: sql<boolean>`exists (select 1 from ${closureRequests} where ${closureRequests.userId} = "kits"."owner_id")`,
      required: projects.requiredLabSteps,
      reached: sql<
        string[]
      >`array(select distinct ${kitEvents.eventType} from ${kitEvents} where ${kitEvents.kitId} = "kits"."id" and ${kitEvents.eventType} = any(${projects.requiredLabSteps}))`,
    })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(inArray(kits.sampleIdentifier, [...new Set(samples)]));
  return new Map(rows.map((r) => [r.sample, r]));
}

/** The sample a file names inside (#SampleID), as a sample id, when it differs from the file's own. */
function otherSampleNamed(qc: { fileSampleId: string | null }, sample: string): string | null {
  const named = qc.fileSampleId ? sampleFromFileName(qc.fileSampleId) : null;
  return named && named !== sample ? named : null;
}

/**
 * The one refusal rule of the preview and the store: no such sample, already stored, a closed account,
 * not at the lab, a required lab step skipped, or a file that says inside it is another of our samples.
 */
function refusalOf(
  sample: string,
  kit: KitFacts | undefined,
  namedInside: string | null,
  known: Map<string, KitFacts>,
): string | null {
  if (!kit) return REPORT_MESSAGES.noSample(sample);
  if (kit.stored) return REPORT_MESSAGES.alreadyImported(sample);
  if (kit.ownerClosed) return REPORT_MESSAGES.accountClosed(sample);
  if (!isSampleAtLab(kit.sampleStatus)) return REPORT_MESSAGES.notAtLab(sample, kit.sampleStatus);
  const missing = missingLabSteps(kit.required, kit.reached);
  if (missing.length > 0) return RESULTS_QC_MESSAGES.stepsMissing(sample, kit.required, missing);
  if (namedInside && known.has(namedInside))
    return RESULTS_QC_MESSAGES.namesAnotherSample(sample, namedInside);
  return null;
}

/** The samples of stored results with these digests (another sample's copy is a duplicate). */
async function storedDigests(db: DbOrTx, digests: string[]): Promise<Map<string, string>> {
  if (digests.length === 0) return new Map();
  const rows = await db
    .select({ digest: labResults.profileDigest, sample: labResults.sampleIdentifier })
    .from(labResults)
    .where(inArray(labResults.profileDigest, [...new Set(digests)]))
    .orderBy(asc(labResults.id));
  // The first stored copy names the duplicate.
  const first = new Map<string, string>();
  for (const r of rows) if (!first.has(r.digest ?? '')) first.set(r.digest ?? '', r.sample);
  return first;
}

/** What one request knows before it judges its profiles: each kit's facts and the stored digests. */
async function contextOf(db: DbOrTx, profiles: Profile[]) {
  const samples = profiles.map(sampleOf);
  const qcs = profiles.map((p) => profileQc(p.text));
  const digests = profiles.map((p) => profileDigest(p.text));
  const inside = qcs.map((qc, i) => (samples[i] ? otherSampleNamed(qc, samples[i]) : null));
  const named = [...samples, ...inside].filter((s): s is string => s !== null);
  const [facts, stored] = await Promise.all([kitFacts(db, named), storedDigests(db, digests)]);
  const seenDigest = new Map<string, string>();
  /** The sample of an earlier copy of profile i: in this request, or stored for another sample. */
  const duplicateOf = (i: number): string | null => {
    const digest = digests[i] ?? '';
    const sample = samples[i] ?? '';
    const earlier = seenDigest.get(digest) ?? stored.get(digest) ?? null;
    if (!seenDigest.has(digest)) seenDigest.set(digest, sample);
    return earlier && earlier !== sample ? earlier : null;
  };
  return { samples, qcs, inside, facts, duplicateOf };
}

/** Every profile scored and checked against its sample, with its QC, as the store would; nothing is written. */
export async function previewResults(ctx: AppContext, upload: ResultsUpload): Promise<ResultsPreviewItem[]> {
  const { samples, qcs, inside, facts, duplicateOf } = await contextOf(ctx.db, upload.profiles);
  const firstFile = new Map<string, string>();
  const items: ResultsPreviewItem[] = [];
  for (const [i, profile] of upload.profiles.entries()) {
    const sample = samples[i] ?? null;
    const kit = sample ? facts.get(sample) : undefined;
    const item = { fileName: profile.fileName, sampleIdentifier: sample, kitId: kit?.id ?? null };
    const refuse = (refusal: string, qc: ProfileQc | null = null) => ({ ...item, scores: null, qc, refusal });
    if (!sample) {
      items.push(refuse(STAFF_KIT_MESSAGES.noSampleInName(profile.fileName)));
      continue;
    }
    const first = firstFile.get(sample);
    if (first !== undefined) {
      items.push(refuse(STAFF_KIT_MESSAGES.duplicateInUpload(sample, first)));
      continue;
    }
    firstFile.set(sample, profile.fileName);
    const qc = { ...(qcs[i] as ReturnType<typeof profileQc>), duplicateOf: duplicateOf(i) };
    const result = await scored(profile);
    if ('refusal' in result) {
      items.push(refuse(result.refusal, qc));
      continue;
    }
    const refusal = refusalOf(sample, kit, inside[i] ?? null, facts);
    items.push({ ...item, scores: scoresOf(result.report), qc, refusal });
  }
  return items;
}

/**
 * Stores each profile in a transaction of its own with its audit entry; a refused one (malformed, no
 * such sample, not at the lab, a step skipped, already stored) stores nothing and says why, and the
 * others go on. A copy of another sample's profile is stored HELD, with the sample it copies.
 */
export async function storeUploadedResults(ctx: AppContext, principal: Principal, upload: ResultsUpload) {
  const { samples, inside, facts, duplicateOf } = await contextOf(ctx.db, upload.profiles);
  const items: { sampleIdentifier: string; stored: boolean; refusal: string | null }[] = [];
  const done = new Set<string>();
  for (const [i, profile] of upload.profiles.entries()) {
    const sample = samples[i];
    const refuse = (sampleIdentifier: string, refusal: string) =>
      items.push({ sampleIdentifier, stored: false, refusal });
    if (!sample) {
      refuse(profile.fileName, STAFF_KIT_MESSAGES.noSampleInName(profile.fileName));
      continue;
    }
    if (done.has(sample)) {
      refuse(sample, REPORT_MESSAGES.alreadyImported(sample));
      continue;
    }
    const copied = duplicateOf(i);
    // As the preview: a malformed file first, then the sample's refusal.
    const result = await scored(profile);
    if ('refusal' in result) {
      refuse(sample, result.refusal);
      continue;
    }
    const refusal = refusalOf(sample, facts.get(sample), inside[i] ?? null, facts);
    if (refusal) {
      refuse(sample, refusal);
      continue;
    }
    const held = copied ? RESULTS_QC_MESSAGES.heldAsDuplicate(copied) : null;
    try {
      await ctx.db.transaction(async (tx) => {
        const { kit, summary } = await storeResults(
          { ...ctx, db: tx },
          { sampleIdentifier: sample, profile: profile.text, report: result.report },
          principal.userId,
          { release: false, held },
        );
        await recordStaffAction(tx, principal, {
          action: 'results.store',
          entity: 'kit',
          entityId: String(kit.id),
          subjectId: kit.ownerId,
          before: { kitStatus: kit.kitStatus, sampleStatus: kit.sampleStatus },
          after: {
            sampleStatus: 'COMPLETED',
            file: profile.fileName,
            qcState: held ? 'HELD' : 'PENDING',
            ...summary,
          },
        });
      });
      done.add(sample);
      items.push({ sampleIdentifier: sample, stored: true, refusal: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      refuse(sample, error.message);
    }
  }
  return { items };
}

const AWAITING_SHOWN = 200;

/** Stored results not yet released (the sample waits at COMPLETED), oldest first, with their sign-off. */
export async function awaitingRelease(ctx: AppContext, principal: Principal) {
  const waiting = and(eq(labResults.kitId, kits.id), eq(kits.sampleStatus, 'COMPLETED'));
  const storer = sql<
    string | null
  >`(select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') from users u where u.id::text = ${labResults.importedBy})`;
  const approver = sql<
    string | null
  >`(select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') from users u where u.id::text = ${labResults.approvedBy})`;
  const rows = await ctx.db
    .select({
      kitId: kits.id,
      sampleIdentifier: kits.sampleIdentifier,
      version: labResults.reportVersion,
      importedAt: labResults.createdAt,
      importedBy: labResults.importedBy,
      storedBy: storer,
      approvedBy: approver,
      qcState: labResults.qcState,
      qcNote: labResults.qcNote,
      amendment: labResults.amendment,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(labResults)
    .innerJoin(kits, waiting)
    .leftJoin(users, eq(users.id, kits.ownerId))
    .orderBy(asc(labResults.createdAt), asc(labResults.id))
    .limit(AWAITING_SHOWN);
  const [total] = await ctx.db.select({ n: count() }).from(labResults).innerJoin(kits, waiting);
  const held = await heldByRun(
    ctx.db,
    rows.map((r) => r.sampleIdentifier),
  );
  return {
    total: total?.n ?? rows.length,
    items: rows.map((r) => ({
      kitId: r.kitId,
      sampleIdentifier: r.sampleIdentifier,
      version: r.version,
      importedAt: r.importedAt.toISOString(),
      owner: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
      qcState: r.qcState as 'PENDING' | 'HELD' | 'APPROVED',
      qcNote: r.qcNote,
      storedBy: r.storedBy ?? (r.importedBy === 'operator' ? 'operator key' : null),
      storedByYou: r.importedBy === principal.userId,
      approvedBy: r.approvedBy,
      amendment: r.amendment,
      runHold: held.get(r.sampleIdentifier) ?? null,
    })),
  };
}

const normalised = (samples: string[]) => [...new Set(samples.map((s) => s.trim().toUpperCase()))];

/** The stored, unreleased results of these samples, locked; a sample without them is refused by name. */
async function lockedWaiting(tx: DbOrTx, wanted: string[]) {
  return tx
    .select({
      id: kits.id,
      sample: kits.sampleIdentifier,
      ownerId: kits.ownerId,
      sampleStatus: kits.sampleStatus,
      kitStatus: kits.kitStatus,
      resultId: labResults.id,
      importedBy: labResults.importedBy,
      qcState: labResults.qcState,
    })
    .from(kits)
    .leftJoin(labResults, eq(labResults.kitId, kits.id))
    .where(inArray(kits.sampleIdentifier, wanted))
    .for('update', { of: kits });
}

function refuseAll(refusals: Record<string, string>) {
  const refused = Object.keys(refusals).length;
  if (refused === 0) return;
  const error = conflict(STAFF_KIT_MESSAGES.batchRefused(refused));
  throw new AppError(409, error.code, error.message, refusals);
}

/**
 * Approves or holds stored results, all or nothing. Approval is the four-eyes rule: the LAB member who
 * stored a result may hold it, but someone else approves it (the operator key, a tool, may approve).
 */
export async function reviewResults(
  ctx: AppContext,
  principal: Principal,
  input: { samples: string[]; decision: 'APPROVE' | 'HOLD'; note?: string | undefined },
) {
  const wanted = normalised(input.samples);
  return ctx.db.transaction(async (tx) => {
    const rows = await lockedWaiting(tx, wanted);
    const bySample = new Map(rows.map((r) => [r.sample, r]));
    // A run whose controls are missing or failed holds its samples (issue 34 item 7): no approval.
    const held = input.decision === 'APPROVE' ? await heldByRun(tx, wanted) : new Map<string, string>();
    const refusals: Record<string, string> = {};
    for (const sample of wanted) {
      const row = bySample.get(sample);
      if (!row) refusals[sample] = REPORT_MESSAGES.noSample(sample);
      else if (row.resultId === null || row.sampleStatus !== 'COMPLETED')
        refusals[sample] = RESULTS_QC_MESSAGES.notReviewable(sample);
      else if (input.decision === 'APPROVE' && row.importedBy === principal.userId)
        refusals[sample] = RESULTS_QC_MESSAGES.fourEyes(sample);
      else if (held.has(sample)) refusals[sample] = held.get(sample) as string;
    }
    refuseAll(refusals);
    const qcState: QcState = input.decision === 'APPROVE' ? 'APPROVED' : 'HELD';
    for (const sample of wanted) {
      const row = bySample.get(sample);
      if (!row?.resultId) continue;
      const approving = qcState === 'APPROVED';
      await tx
        .update(labResults)
        .set({
          qcState,
          qcNote: approving ? null : (input.note ?? null),
          approvedBy: approving ? principal.userId : null,
          approvedAt: approving ? new Date() : null,
        })
        .where(eq(labResults.id, row.resultId));
      await recordStaffAction(tx, principal, {
        action: approving ? 'results.approve' : 'results.hold',
        entity: 'kit',
        entityId: String(row.id),
        subjectId: row.ownerId,
        before: { qcState: row.qcState },
        after: { qcState, ...(approving ? {} : { note: input.note }) },
      });
    }
    return { reviewed: wanted, qcState };
  });
}

/**
 * Releases approved results: RESULTS_AVAILABLE (dated today), the owner's email, each audited. All or
 * nothing: a sample without stored results, already released, or not APPROVED by a second LAB member
 * refuses the whole release (409 with each such sample in `fields`).
 */
export async function releaseResults(ctx: AppContext, principal: Principal, samples: string[]) {
  const wanted = normalised(samples);
  return ctx.db.transaction(async (tx) => {
    const rows = await lockedWaiting(tx, wanted);
    const bySample = new Map(rows.map((r) => [r.sample, r]));
    const held = await heldByRun(tx, wanted);
    const refusals: Record<string, string> = {};
    for (const sample of wanted) {
      const row = bySample.get(sample);
      if (!row) refusals[sample] = REPORT_MESSAGES.noSample(sample);
      else if (
        row.sampleStatus === 'RESULTS_AVAILABLE' ||
        row.sampleStatus === 'MICROBIOME_COACH_SESSION_COMPLETED'
      )
        refusals[sample] = STAFF_KIT_MESSAGES.alreadyReleased(sample);
      else if (row.resultId === null || row.sampleStatus !== 'COMPLETED')
        refusals[sample] = STAFF_KIT_MESSAGES.noStoredResults(sample);
      else if (row.qcState !== 'APPROVED')
        refusals[sample] = RESULTS_QC_MESSAGES.notApproved(sample, row.qcState ?? 'PENDING');
      else if (held.has(sample)) refusals[sample] = held.get(sample) as string;
    }
    refuseAll(refusals);
    for (const sample of wanted) {
      const row = bySample.get(sample);
      if (!row) continue;
      await setKitStatus({ ...ctx, db: tx }, row.id, { sampleStatus: 'RESULTS_AVAILABLE' }, principal.userId);
      await recordStaffAction(tx, principal, {
        action: 'results.release',
        entity: 'kit',
        entityId: String(row.id),
        subjectId: row.ownerId,
        before: { kitStatus: row.kitStatus, sampleStatus: row.sampleStatus },
        after: { kitStatus: 'RESULTS_AVAILABLE', sampleStatus: 'RESULTS_AVAILABLE' },
      });
    }
    return { released: wanted };
  });
}

/**
 * Retracts a released report: the result is kept in retracted_results and taken from the person's
 * portal (no report, the kit back at PROCESSING, the owner told by email and on the timeline). The
 * corrected profile is then uploaded as usual and becomes the next amendment ("amended report").
 */
export async function retractResults(
  ctx: AppContext,
  principal: Principal,
  input: { sample: string; reason: string },
) {
  const sample = input.sample.trim().toUpperCase();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ kit: kits, result: labResults })
      .from(kits)
      .leftJoin(labResults, eq(labResults.kitId, kits.id))
      .where(eq(kits.sampleIdentifier, sample))
      .for('update', { of: kits });
    if (!row) throw new AppError(404, 'NOT_FOUND', REPORT_MESSAGES.noSample(sample));
    const released =
      row.kit.sampleStatus === 'RESULTS_AVAILABLE' ||
      row.kit.sampleStatus === 'MICROBIOME_COACH_SESSION_COMPLETED';
    if (!row.result || !released) throw conflict(RESULTS_QC_MESSAGES.notReleased(sample));
    const result = row.result;
    await tx.insert(retractedResults).values({
      kitId: row.kit.id,
      sampleIdentifier: sample,
      amendment: result.amendment,
      database: result.database,
      reportVersion: result.reportVersion,
      profileText: result.profileText,
      report: result.report,
      importedBy: result.importedBy,
      approvedBy: result.approvedBy,
      storedAt: result.createdAt,
      retractedBy: principal.userId,
      reason: input.reason,
    });
    await tx.delete(labResults).where(eq(labResults.id, result.id));
    await retractKitResults({ ...ctx, db: tx }, row.kit.id, principal.userId);
    await recordStaffAction(tx, principal, {
      action: 'results.retract',
      entity: 'kit',
      entityId: String(row.kit.id),
      subjectId: row.kit.ownerId,
      before: {
        kitStatus: row.kit.kitStatus,
        sampleStatus: row.kit.sampleStatus,
        amendment: result.amendment,
      },
      after: { kitStatus: 'PROCESSING', sampleStatus: 'COMPLETED', reason: input.reason },
    });
    return { sample, amendment: result.amendment + 1 };
  });
}
