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
  UPLOAD_KEPT_HOURS,
  UPLOAD_MESSAGES,
} from '@portal/domain';
import type { BuildReport } from '@portal/domain/report';
import { and, asc, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  closureRequests,
  kitEvents,
  kits,
  labResults,
  projects,
  resultsUploads,
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

/**
 * One profile as the preview judged it, kept server-side for the confirm (results_uploads): everything
 * the store needs, so the confirm neither receives, parses nor scores it again.
 */
type Judged = {
  fileName: string;
  sample: string | null;
  kitId: number | null;
  text: string;
  digest: string;
  /** The sample the file names inside (#SampleID), when another of ours. */
  inside: string | null;
  report: BuildReport | null;
  scores: ReturnType<typeof scoresOf> | null;
  qc: ProfileQc | null;
  refusal: string | null;
};

/** The sample of an earlier copy of a profile: in this upload, or stored for another sample. */
function copyTracker(stored: Map<string, string>) {
  const seen = new Map<string, string>();
  return (sample: string, digest: string): string | null => {
    const earlier = seen.get(digest) ?? stored.get(digest) ?? null;
    if (!seen.has(digest)) seen.set(digest, sample);
    return earlier && earlier !== sample ? earlier : null;
  };
}

/**
 * Every profile parsed, scored and checked against its sample once, with its QC, by the one refusal
 * rule (refusalOf); nothing is stored. The confirm re-applies the rule to each kit under its lock (a
 * kit may have moved since), without scoring again.
 */
async function judge(db: DbOrTx, profiles: Profile[]): Promise<Judged[]> {
  const samples = profiles.map(sampleOf);
  const qcs = profiles.map((p) => profileQc(p.text));
  const digests = profiles.map((p) => profileDigest(p.text));
  const inside = qcs.map((qc, i) => (samples[i] ? otherSampleNamed(qc, samples[i]) : null));
  const named = [...samples, ...inside].filter((s): s is string => s !== null);
  const [facts, stored] = await Promise.all([kitFacts(db, named), storedDigests(db, digests)]);
  const copyOf = copyTracker(stored);
  const firstFile = new Map<string, string>();
  const judged: Judged[] = [];
  for (const [i, profile] of profiles.entries()) {
    const sample = samples[i] ?? null;
    const kit = sample ? facts.get(sample) : undefined;
    const base = {
      fileName: profile.fileName,
      sample,
      kitId: kit?.id ?? null,
      text: profile.text,
      digest: digests[i] ?? '',
      inside: inside[i] ?? null,
      report: null,
      scores: null,
    };
    const refuse = (refusal: string, qc: ProfileQc | null = null) => judged.push({ ...base, qc, refusal });
    if (!sample) {
      refuse(STAFF_KIT_MESSAGES.noSampleInName(profile.fileName));
      continue;
    }
    const first = firstFile.get(sample);
    if (first !== undefined) {
      refuse(STAFF_KIT_MESSAGES.duplicateInUpload(sample, first));
      continue;
    }
    firstFile.set(sample, profile.fileName);
    const qc = { ...(qcs[i] as ReturnType<typeof profileQc>), duplicateOf: copyOf(sample, digests[i] ?? '') };
    const result = await scored(profile);
    if ('refusal' in result) {
      refuse(result.refusal, qc);
      continue;
    }
    judged.push({
      ...base,
      report: result.report,
      scores: scoresOf(result.report),
      qc,
      refusal: refusalOf(sample, kit, inside[i] ?? null, facts),
    });
  }
  return judged;
}

const previewItem = (j: Judged): ResultsPreviewItem => ({
  fileName: j.fileName,
  sampleIdentifier: j.sample,
  kitId: j.kitId,
  scores: j.scores,
  qc: j.qc,
  refusal: j.refusal,
});

/**
 * The preview: every profile parsed, scored and checked once; what can be stored is kept under an
 * upload id (in the database, so the confirm may reach another instance) for UPLOAD_KEPT_HOURS.
 */
export async function previewResults(ctx: AppContext, principal: Principal, upload: ResultsUpload) {
  const judged = await judge(ctx.db, upload.profiles);
  const keep = judged.filter((j) => j.refusal === null && j.report !== null);
  const now = new Date();
  // Expired uploads go with the next one: a few rows, found by their index.
  await ctx.db.delete(resultsUploads).where(lt(resultsUploads.expiresAt, now));
  if (keep.length === 0) return { items: judged.map(previewItem), uploadId: null, expiresAt: null };
  const expiresAt = new Date(now.getTime() + UPLOAD_KEPT_HOURS * 3_600_000);
  const [row] = await ctx.db
    .insert(resultsUploads)
    .values({ createdBy: principal.userId, expiresAt, items: JSON.stringify(keep) })
    .returning({ id: resultsUploads.id });
  return {
    items: judged.map(previewItem),
    uploadId: row?.id ?? null,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Takes a previewed upload for its confirm, once: another confirm (or person) finds it gone. */
async function claimUpload(ctx: AppContext, principal: Principal, uploadId: string): Promise<Judged[]> {
  const [row] = await ctx.db
    .update(resultsUploads)
    .set({ confirmedAt: new Date() })
    .where(
      and(
        eq(resultsUploads.id, uploadId),
        eq(resultsUploads.createdBy, principal.userId),
        isNull(resultsUploads.confirmedAt),
        gt(resultsUploads.expiresAt, new Date()),
      ),
    )
    .returning({ items: resultsUploads.items });
  if (!row) throw conflict(UPLOAD_MESSAGES.gone);
  return JSON.parse(row.items) as Judged[];
}

/** The kit of a sample with what the refusal rule needs, read and locked in one statement. */
async function lockedFacts(tx: DbOrTx, sample: string) {
  const [row] = await tx
    .select({
      kit: kits,
      stored: sql<boolean>`exists (select 1 from ${labResults} where ${labResults.kitId} = "kits"."id")`,
      ownerClosed: sql<boolean>`exists (select 1 from ${closureRequests} where ${closureRequests.userId} = "kits"."owner_id")`,
      required: projects.requiredLabSteps,
      reached: sql<
        string[]
      >`array(select distinct ${kitEvents.eventType} from ${kitEvents} where ${kitEvents.kitId} = "kits"."id" and ${kitEvents.eventType} = any(${projects.requiredLabSteps}))`,
    })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(eq(kits.sampleIdentifier, sample))
    .for('update', { of: kits });
  if (!row) return { kit: undefined, facts: undefined };
  const facts: KitFacts = {
    id: row.kit.id,
    sample,
    sampleStatus: row.kit.sampleStatus,
    stored: row.stored,
    ownerClosed: row.ownerClosed,
    required: row.required,
    reached: row.reached,
  };
  return { kit: row.kit, facts };
}

type StoreItem = { sampleIdentifier: string; stored: boolean; refusal: string | null };

/**
 * Stores judged profiles, each in a transaction of its own with its audit entry: the kit is locked once
 * and judged again by the one refusal rule under that lock (a kit may have moved since the preview);
 * a refused one stores nothing and says why, and the others go on. A copy of another sample's profile
 * is stored HELD, with the sample it copies.
 */
async function storeJudged(ctx: AppContext, principal: Principal, judged: Judged[]) {
  const items: StoreItem[] = [];
  const candidates = judged.filter((j) => j.sample !== null && j.report !== null && j.refusal === null);
  // Whether a sample named inside a file is one of ours, and the stored copies, as of now.
  const [known, stored] = await Promise.all([
    kitFacts(
      ctx.db,
      candidates.map((j) => j.inside).filter((s): s is string => s !== null),
    ),
    storedDigests(
      ctx.db,
      candidates.map((j) => j.digest),
    ),
  ]);
  for (const j of judged) {
    const sample = j.sample;
    if (!sample || !j.report || j.refusal) {
      items.push({ sampleIdentifier: sample ?? j.fileName, stored: false, refusal: j.refusal });
      continue;
    }
    const report = j.report;
    // A copy found by the preview, or of a profile stored since (another part of the upload).
    const storedCopy = stored.get(j.digest);
    const copied = j.qc?.duplicateOf ?? (storedCopy && storedCopy !== sample ? storedCopy : null);
    const held = copied ? RESULTS_QC_MESSAGES.heldAsDuplicate(copied) : null;
    try {
      const refusal = await ctx.db.transaction(async (tx) => {
        const { kit, facts } = await lockedFacts(tx, sample);
        const refused = refusalOf(sample, facts, j.inside, known);
        if (refused || !kit) return refused ?? REPORT_MESSAGES.noSample(sample);
        const { summary } = await storeResults(
          { ...ctx, db: tx },
          { sampleIdentifier: sample, profile: j.text, report },
          principal.userId,
          { release: false, held, locked: kit },
        );
        await recordStaffAction(tx, principal, {
          action: 'results.store',
          entity: 'kit',
          entityId: String(kit.id),
          subjectId: kit.ownerId,
          before: { kitStatus: kit.kitStatus, sampleStatus: kit.sampleStatus },
          after: {
            sampleStatus: 'COMPLETED',
            file: j.fileName,
            qcState: held ? 'HELD' : 'PENDING',
            ...summary,
          },
        });
        return null;
      });
      items.push({ sampleIdentifier: sample, stored: refusal === null, refusal });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      items.push({ sampleIdentifier: sample, stored: false, refusal: error.message });
    }
  }
  return { items };
}

/**
 * The store: a previewed upload by its id (the console's confirm: nothing is sent or scored again), or
 * profiles sent with the request (judged and stored in one pass).
 */
export async function storeUploadedResults(
  ctx: AppContext,
  principal: Principal,
  request: { uploadId?: string | undefined; profiles?: Profile[] | undefined },
) {
  const judged = request.uploadId
    ? await claimUpload(ctx, principal, request.uploadId)
    : await judge(ctx.db, request.profiles ?? []);
  return storeJudged(ctx, principal, judged);
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
