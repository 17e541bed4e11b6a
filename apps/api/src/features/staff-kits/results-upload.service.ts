import {
  isSampleAtLab,
  REPORT_MESSAGES,
  type ResultsPreviewItem,
  type ResultsUpload,
  STAFF_KIT_MESSAGES,
  sampleFromFileName,
} from '@portal/domain';
import type { BuildReport } from '@portal/domain/report';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { closureRequests, kits, labResults, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { setKitStatus } from '../kits/index.ts';
import { reportOfProfile, storeResults } from '../reports/index.ts';
import { recordStaffAction } from '../staff/index.ts';

/**
 * The lab's results upload: a preview that validates and scores every profile and says which samples
 * would be refused and why, storing nothing; then the store, one transaction per sample (the sample
 * waits at COMPLETED); then the release, which sets RESULTS_AVAILABLE and emails the owners. The checks
 * and the storing are the results import's (reports.service.ts), so the console and `ops results:import`
 * never disagree.
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

/** Every profile scored and checked against its sample, as the store would; nothing is written. */
export async function previewResults(ctx: AppContext, upload: ResultsUpload): Promise<ResultsPreviewItem[]> {
  const samples = upload.profiles.map(sampleOf);
  const named = samples.filter((s): s is string => s !== null);
  const found = named.length
    ? await ctx.db
        .select({
          id: kits.id,
          sample: kits.sampleIdentifier,
          sampleStatus: kits.sampleStatus,
          // Drizzle writes a selected column unqualified ("id"), which inside this subquery would be the
          // results table's own id: the outer kit is named in full.
          stored: sql<boolean>`exists (select 1 from ${labResults} where ${labResults.kitId} = "kits"."id")`,
          ownerClosed: sql<boolean>`exists (select 1 from ${closureRequests} where ${closureRequests.userId} = "kits"."owner_id")`,
        })
        .from(kits)
        .where(inArray(kits.sampleIdentifier, named))
    : [];
  const bySample = new Map(found.map((k) => [k.sample, k]));
  const firstFile = new Map<string, string>();
  const items: ResultsPreviewItem[] = [];
  for (const [i, profile] of upload.profiles.entries()) items.push(await previewOne(profile, i));
  return items;

  async function previewOne(profile: Profile, i: number): Promise<ResultsPreviewItem> {
    const sample = samples[i] ?? null;
    const kit = sample ? bySample.get(sample) : undefined;
    const item = { fileName: profile.fileName, sampleIdentifier: sample, kitId: kit?.id ?? null };
    const refuse = (refusal: string) => ({ ...item, scores: null, refusal });
    if (!sample) return refuse(STAFF_KIT_MESSAGES.noSampleInName(profile.fileName));
    const first = firstFile.get(sample);
    if (first !== undefined) return refuse(STAFF_KIT_MESSAGES.duplicateInUpload(sample, first));
    firstFile.set(sample, profile.fileName);
    const result = await scored(profile);
    if ('refusal' in result) return refuse(result.refusal);
    const scores = scoresOf(result.report);
    const refusal = !kit
      ? REPORT_MESSAGES.noSample(sample)
      : kit.stored
        ? REPORT_MESSAGES.alreadyImported(sample)
        : kit.ownerClosed
          ? REPORT_MESSAGES.accountClosed(sample)
          : !isSampleAtLab(kit.sampleStatus)
            ? REPORT_MESSAGES.notAtLab(sample, kit.sampleStatus)
            : null;
    return { ...item, scores, refusal };
  }
}

/**
 * Stores each profile in a transaction of its own with its audit entry; a refused one (malformed, no
 * such sample, not at the lab, already stored) stores nothing and says why, and the others go on.
 */
export async function storeUploadedResults(ctx: AppContext, principal: Principal, upload: ResultsUpload) {
  const items: { sampleIdentifier: string; stored: boolean; refusal: string | null }[] = [];
  for (const profile of upload.profiles) {
    const sample = sampleOf(profile);
    if (!sample) {
      items.push({
        sampleIdentifier: profile.fileName,
        stored: false,
        refusal: STAFF_KIT_MESSAGES.noSampleInName(profile.fileName),
      });
      continue;
    }
    const result = await scored(profile);
    if ('refusal' in result) {
      items.push({ sampleIdentifier: sample, stored: false, refusal: result.refusal });
      continue;
    }
    try {
      await ctx.db.transaction(async (tx) => {
        const { kit, summary } = await storeResults(
          { ...ctx, db: tx },
          { sampleIdentifier: sample, profile: profile.text, report: result.report },
          principal.userId,
          { release: false },
        );
        await recordStaffAction(tx, principal, {
          action: 'results.store',
          entity: 'kit',
          entityId: String(kit.id),
          subjectId: kit.ownerId,
          before: { kitStatus: kit.kitStatus, sampleStatus: kit.sampleStatus },
          after: { sampleStatus: 'COMPLETED', file: profile.fileName, ...summary },
        });
      });
      items.push({ sampleIdentifier: sample, stored: true, refusal: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      items.push({ sampleIdentifier: sample, stored: false, refusal: error.message });
    }
  }
  return { items };
}

const AWAITING_SHOWN = 200;

/** Stored results not yet released (the sample waits at COMPLETED), oldest first. */
export async function awaitingRelease(ctx: AppContext) {
  const waiting = and(eq(labResults.kitId, kits.id), eq(kits.sampleStatus, 'COMPLETED'));
  const rows = await ctx.db
    .select({
      kitId: kits.id,
      sampleIdentifier: kits.sampleIdentifier,
      version: labResults.reportVersion,
      importedAt: labResults.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(labResults)
    .innerJoin(kits, waiting)
    .leftJoin(users, eq(users.id, kits.ownerId))
    .orderBy(asc(labResults.createdAt), asc(labResults.id))
    .limit(AWAITING_SHOWN);
  const [total] = await ctx.db.select({ n: count() }).from(labResults).innerJoin(kits, waiting);
  return {
    total: total?.n ?? rows.length,
    items: rows.map((r) => ({
      kitId: r.kitId,
      sampleIdentifier: r.sampleIdentifier,
      version: r.version,
      importedAt: r.importedAt.toISOString(),
      owner: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
    })),
  };
}

/**
 * Releases stored results: RESULTS_AVAILABLE (dated today), the owner's email, each audited. All or
 * nothing: a sample without stored results, or already released, refuses the whole release (409 with
 * each such sample in `fields`).
 */
export async function releaseResults(ctx: AppContext, principal: Principal, samples: string[]) {
  const wanted = [...new Set(samples.map((s) => s.trim().toUpperCase()))];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: kits.id,
        sample: kits.sampleIdentifier,
        ownerId: kits.ownerId,
        sampleStatus: kits.sampleStatus,
        kitStatus: kits.kitStatus,
        stored: labResults.id,
      })
      .from(kits)
      .leftJoin(labResults, eq(labResults.kitId, kits.id))
      .where(inArray(kits.sampleIdentifier, wanted));
    const bySample = new Map(rows.map((r) => [r.sample, r]));
    const refusals: Record<string, string> = {};
    for (const sample of wanted) {
      const row = bySample.get(sample);
      if (!row) refusals[sample] = REPORT_MESSAGES.noSample(sample);
      else if (
        row.sampleStatus === 'RESULTS_AVAILABLE' ||
        row.sampleStatus === 'MICROBIOME_COACH_SESSION_COMPLETED'
      )
        refusals[sample] = STAFF_KIT_MESSAGES.alreadyReleased(sample);
      else if (row.stored === null || row.sampleStatus !== 'COMPLETED')
        refusals[sample] = STAFF_KIT_MESSAGES.noStoredResults(sample);
    }
    const refused = Object.keys(refusals).length;
    if (refused > 0) {
      const error = conflict(STAFF_KIT_MESSAGES.batchRefused(refused));
      throw new AppError(409, error.code, error.message, refusals);
    }
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
