import crypto from 'node:crypto';
import {
  canViewReports,
  ERROR_CODES,
  isSampleAtLab,
  kitDisplayName,
  profileBody,
  REPORT_MESSAGES,
  REPORT_NOT_PERMITTED,
  REPORT_SAMPLE_STATUSES,
  reportDelivered,
} from '@portal/domain';
import { type BuildReport, compareReports, summaryOf } from '@portal/domain/report';
import { and, asc, count, eq, inArray, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { comparisonPdfOffThread } from '../../adapters/pdf/pdf-pool.ts';
import { layerOff } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import {
  closureRequests,
  kits,
  labResults,
  projects,
  retractedResults,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, invalid, notFound, sessionExpired } from '../../lib/errors.ts';
import { metaphlanReport, UnreadableFile } from '../../lib/untrusted-files.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { liveSession } from '../../plugins/live-session.ts';
import { setKitStatus } from '../kits/index.ts';
import { journeyColumnsOf } from './journey-columns.ts';
import { previousSample, withRedFlags } from './previous-sample.ts';
import { explainedReport, REPORT_SHAPE } from './report-explanations.ts';

/**
 * The report of a MetaPhlAn profile, or a 400 saying what is wrong with the file. The file is read and
 * scored on a reading thread within its limits (lib/untrusted-files.ts), never on the server's thread.
 */
/** The digest the duplicate check compares: sha-256 of the profile's abundances (profileBody). */
export const profileDigest = (profile: string) =>
  crypto.createHash('sha256').update(profileBody(profile)).digest('hex');

export async function reportOfProfile(profile: string): Promise<BuildReport> {
  const result = await metaphlanReport(profile).catch((error: unknown) => {
    if (error instanceof UnreadableFile) throw invalid(REPORT_MESSAGES.unreadable);
    throw error;
  });
  if ('profileError' in result) throw invalid(`The profile was refused: ${result.profileError}`);
  return result.report;
}

/**
 * Stores a sample's profile and its report within the caller's transaction (`ctx.db`), after the same
 * checks as every import: the sample exists, is at the lab and has no results yet. `release` moves the
 * sample to RESULTS_AVAILABLE (which emails the owner); without it the sample waits at COMPLETED until
 * the lab releases it (the staff console's results upload). Returns the kit as it was before.
 */
export async function storeResults(
  ctx: AppContext,
  input: { sampleIdentifier: string; profile: string; report: BuildReport; displayDate?: string | undefined },
  actor: string,
  {
    release,
    held,
    locked,
  }: {
    release: boolean;
    held?: string | null | undefined;
    /**
     * The kit's row, locked by the caller's transaction, which has also judged it by the results
     * upload's one refusal rule (decision 061): it is neither locked nor judged again here.
     */
    locked?: typeof kits.$inferSelect | undefined;
  },
) {
  const sample = input.sampleIdentifier.trim().toUpperCase();
  const [kit] = locked
    ? [locked]
    : await ctx.db.select().from(kits).where(eq(kits.sampleIdentifier, sample)).for('update');
  if (!kit) throw notFound(REPORT_MESSAGES.noSample(sample));
  // The summary says what changed since the person's previous sample; the day of analysis the protocol
  // section shows is the day the portal computes the report: this import (issue 37).
  const previous = await previousSample(ctx, kit, input.report.database);
  // A result stored after a retraction is the kit's next amendment (issue 34 item 8).
  const [retracted] = await ctx.db
    .select({ n: count() })
    .from(retractedResults)
    .where(eq(retractedResults.kitId, kit.id));
  const amendment = retracted?.n ?? 0;
  const report: BuildReport = {
    ...input.report,
    summary: await withRedFlags(
      ctx,
      kit.id,
      previous ? summaryOf(input.report, previous) : input.report.summary,
    ),
    protocol: {
      ...input.report.protocol,
      analysedOn: new Date().toISOString().slice(0, 10),
      ...(amendment > 0 ? { amendment } : {}),
    },
  };
  const [existing] = locked
    ? []
    : await ctx.db.select({ id: labResults.id }).from(labResults).where(eq(labResults.kitId, kit.id));
  if (existing) throw conflict(REPORT_MESSAGES.alreadyImported(sample));
  // A closed account keeps only a tombstone that nobody signs in to: a report would be health data
  // kept for no one (issue 23).
  if (kit.ownerId && !locked) {
    const [closure] = await ctx.db
      .select({ id: closureRequests.id })
      .from(closureRequests)
      .where(eq(closureRequests.userId, kit.ownerId));
    if (closure) throw conflict(REPORT_MESSAGES.accountClosed(sample));
  }
  if (!locked && !isSampleAtLab(kit.sampleStatus))
    throw conflict(REPORT_MESSAGES.notAtLab(sample, kit.sampleStatus));
  await ctx.db.insert(labResults).values({
    kitId: kit.id,
    sampleIdentifier: sample,
    database: report.database,
    reportVersion: report.version,
    profileText: input.profile,
    report,
    reportText: JSON.stringify(report),
    reportShape: REPORT_SHAPE,
    ...journeyColumnsOf(report),
    importedBy: actor,
    profileDigest: profileDigest(input.profile),
    amendment,
    // `ops results:import` releases at once: the operator signs the result off. The console's results
    // wait for a second LAB member's approval, or are held when a check found something.
    ...(release
      ? { qcState: 'APPROVED', approvedBy: actor, approvedAt: new Date() }
      : held
        ? { qcState: 'HELD', qcNote: held }
        : {}),
  });
  if (release)
    await setKitStatus(
      ctx,
      kit.id,
      { sampleStatus: 'RESULTS_AVAILABLE', displayDate: input.displayDate },
      actor,
      locked,
    );
  else if (kit.sampleStatus !== 'COMPLETED')
    await setKitStatus(ctx, kit.id, { sampleStatus: 'COMPLETED' }, actor, locked);
  return {
    kit,
    summary: {
      sample,
      kitId: kit.id,
      version: report.version,
      database: report.database,
      richness: report.diversity.richness.value,
      shannon: report.diversity.shannon.value,
      gmwi2: report.indices.gmwi2.value,
      gmhi: report.indices.gmhi.value,
    },
  };
}

/**
 * ops results:import: parses a MetaPhlAn profile, computes the report and stores both with the sample's
 * move to RESULTS_AVAILABLE (which emails the owner) in one transaction. Any refusal stores nothing.
 */
export async function importResults(
  ctx: AppContext,
  input: { sampleIdentifier: string; profile: string; displayDate?: string | undefined },
  actor: string,
) {
  const report = await reportOfProfile(input.profile);
  const stored = await ctx.db.transaction((tx) =>
    storeResults({ ...ctx, db: tx }, { ...input, report }, actor, { release: true }),
  );
  return stored.summary;
}

export function ensureAvailable(ctx: AppContext) {
  if (ctx.config.reportsUnavailable)
    throw new AppError(503, ERROR_CODES.unavailable, REPORT_MESSAGES.unavailable);
}

/** Minors see reports only with parental consent (consumer §4, §6); the API refuses the data too. */
export async function permittedUser(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (!canViewReports(user)) throw new AppError(403, 'REPORT_NOT_PERMITTED', REPORT_NOT_PERMITTED);
  return user;
}

/** The condition on `kits` of every report read: the person's own kit, its sample at a report status. */
export const ownReportKit = (ownerId: string | SQLWrapper) =>
  and(eq(kits.ownerId, ownerId), inArray(kits.sampleStatus, REPORT_SAMPLE_STATUSES));

/**
 * The person's kits that have a report to show: results available or coach done, with a display date,
 * in a project that delivers results to its participants (reportDelivered).
 */
export async function listReports(ctx: AppContext, userId: string) {
  ensureAvailable(ctx);
  await permittedUser(ctx, userId);
  const rows = await ctx.db
    .select({
      kit: kits,
      version: labResults.reportVersion,
      project: { resultDeliveryType: projects.resultDeliveryType },
    })
    .from(kits)
    .innerJoin(labResults, eq(labResults.kitId, kits.id))
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(and(ownReportKit(userId), isNotNull(kits.displayDate)))
    .orderBy(asc(kits.displayDate), asc(kits.id));
  return rows
    .filter(({ kit, project }) => reportDelivered({ sampleStatus: kit.sampleStatus, project }))
    .map(({ kit, version }) => ({
      kitId: kit.id,
      sampleIdentifier: kit.sampleIdentifier,
      name: kitDisplayName(kit),
      displayDate: kit.displayDate ?? '',
      version,
    }));
}

/**
 * The person and, when it is theirs and viewable, the report of the sample, in one statement: the
 * person's permission decides before the report's existence (a minor without consent gets 403). It
 * starts from the person's row and checks the caller's session is live, so it also proves the account
 * exists and is signed in (requireUserCheckedByQuery). `reportText` is what is read of the report (its
 * text, or nothing where only its key is wanted); `stamp` (of the stored result) and `outer` (of the person,
 * `users` in scope) are extra columns for the report PDF's key (report-pdf.service.ts).
 */
export const reportOfOwnerReading = (
  name: string,
  reportText: SQL.Aliased<string | null>,
  {
    stamp = sql<string | null>`null`.as('stamp'),
    outer = () => sql<string | null>`null`,
  }: { stamp?: SQL.Aliased<string | null>; outer?: (db: DbOrTx) => SQL<string | null> } = {},
) =>
  preparedFor((db) => {
    const found = db
      .select({
        kitId: kits.id,
        kitName: kits.name,
        sampleIdentifier: kits.sampleIdentifier,
        displayDate: kits.displayDate,
        reportText,
        stamp,
        // REPORT_SHAPE of report-explanations.ts: a report in an older shape is rebuilt before it is sent.
        reportShape: labResults.reportShape,
        sampleStatus: kits.sampleStatus,
        resultDeliveryType: projects.resultDeliveryType,
      })
      .from(labResults)
      .innerJoin(kits, eq(kits.id, labResults.kitId))
      .innerJoin(projects, eq(projects.id, kits.projectId))
      .where(and(eq(labResults.sampleIdentifier, sql.placeholder('sample')), ownReportKit(users.id)))
      .as('found');
    return db
      .select({
        // What canViewReports and a PDF's heading (metaOf) read of the person, not the whole row: its
        // timestamps and authorities array cost the driver more to parse than the rest of the read.
        user: {
          firstName: users.firstName,
          lastName: users.lastName,
          underAge: users.underAge,
          dateOfBirth: users.dateOfBirth,
          parentConsented: users.parentConsented,
        },
        kitId: found.kitId,
        kitName: found.kitName,
        sampleIdentifier: found.sampleIdentifier,
        displayDate: found.displayDate,
        reportText: found.reportText,
        stamp: found.stamp,
        outer: outer(db).as('outer'),
        reportShape: found.reportShape,
        sampleStatus: found.sampleStatus,
        resultDeliveryType: found.resultDeliveryType,
      })
      .from(users)
      .leftJoinLateral(found, sql`true`)
      .where(and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId'))))
      .prepare(name);
  });
type ReportOfOwner = ReturnType<typeof reportOfOwnerReading>;
const reportOfOwner = reportOfOwnerReading(
  'report_of_owner',
  // As the database's text: the report read sends it on as it is (getReportJson).
  // The text written at import (decision 028); a row from before it is converted here.
  sql<string>`coalesce(${labResults.reportText}, ${labResults.report}::text)`.as('report_text'),
);
/**
 * The bench's B of the `report-text` layer (config.ts, SPEED_LAYERS, issue 31): the jsonb column, which the
 * driver parses, written again with JSON.stringify.
 */
const reportOfOwnerFromJsonb = reportOfOwnerReading(
  'report_of_owner_jsonb',
  sql<string>`${labResults.report}`.mapWith((report) => JSON.stringify(report)).as('report_text'),
);

/**
 * The caller's report row by one of the statements above, with every access rule of a report read applied:
 * a live session, reports available, the person allowed to see reports (parental consent), the kit theirs
 * with a report its project delivers.
 */
export async function ownReportRow(
  ctx: AppContext,
  { userId, sessionId }: Caller,
  sampleIdentifier: string,
  statement: ReportOfOwner = layerOff('report-text') ? reportOfOwnerFromJsonb : reportOfOwner,
) {
  const [row] = await statement(ctx.db).execute({
    userId,
    sessionId,
    sample: sampleIdentifier.trim().toUpperCase(),
  });
  // A deleted account or an ended session is refused before anything else, as the guard would have.
  if (!row) throw sessionExpired();
  ensureAvailable(ctx);
  if (!canViewReports(row.user)) throw new AppError(403, 'REPORT_NOT_PERMITTED', REPORT_NOT_PERMITTED);
  // Results of a project that delivers none are the staff's: to the participant they do not exist.
  if (
    row.kitId === null ||
    row.sampleIdentifier === null ||
    !reportDelivered({ sampleStatus: row.sampleStatus, project: row })
  )
    throw notFound(REPORT_MESSAGES.notFound);
  const kit: ReportKit = {
    id: row.kitId,
    name: row.kitName,
    sampleIdentifier: row.sampleIdentifier,
    displayDate: row.displayDate,
  };
  return {
    user: row.user,
    kit,
    reportText: row.reportText ?? '{}',
    shape: row.reportShape ?? 0,
    stamp: row.stamp,
    outer: row.outer,
  };
}

export async function ownReport(ctx: AppContext, caller: Caller, sampleIdentifier: string) {
  const { user, kit, reportText, shape } = await ownReportRow(ctx, caller, sampleIdentifier);
  return { user, kit, report: await explainedReport(ctx, kit.id, JSON.parse(reportText), shape) };
}

/**
 * GET /api/reports/{sample} as JSON text. The stored report goes out as the database's text, neither
 * parsed nor serialised again: the read is benchmarked, and the report is most of its bytes. A report
 * stored in an older shape (before its explanations, or with its taxa repeated) is rebuilt once first
 * (explainedReport).
 */
export async function getReportJson(ctx: AppContext, caller: Caller, sampleIdentifier: string) {
  const { kit, reportText, shape } = await ownReportRow(ctx, caller, sampleIdentifier);
  const report =
    shape === REPORT_SHAPE
      ? reportText
      : JSON.stringify(await explainedReport(ctx, kit.id, JSON.parse(reportText), shape));
  const head = JSON.stringify({
    kitId: kit.id,
    sampleIdentifier: kit.sampleIdentifier,
    name: kitDisplayName(kit),
    displayDate: kit.displayDate ?? '',
  });
  return `${head.slice(0, -1)},"report":${report}}`;
}

/** Compares an earlier (primary) and a later (secondary) report; incompatible versions answer code V12V2. */
export async function compare(ctx: AppContext, caller: Caller, primary: string, secondary: string) {
  const a = await ownReport(ctx, caller, primary);
  const b = await ownReport(ctx, caller, secondary);
  return compareReports(a.report, b.report);
}

type ReportKit = Pick<typeof kits.$inferSelect, 'id' | 'name' | 'sampleIdentifier' | 'displayDate'>;

export const metaOf = (ctx: AppContext, user: { firstName: string; lastName: string }, kit: ReportKit) => ({
  brand: ctx.config.brandName,
  person: `${user.firstName} ${user.lastName}`,
  sampleIdentifier: kit.sampleIdentifier,
  kitName: kitDisplayName(kit),
  displayDate: kit.displayDate,
});

export async function comparisonAsPdf(ctx: AppContext, caller: Caller, primary: string, secondary: string) {
  const a = await ownReport(ctx, caller, primary);
  const b = await ownReport(ctx, caller, secondary);
  const result = compareReports(a.report, b.report);
  if (!result.comparable) throw conflict(`These reports cannot be compared online (code ${result.code}).`);
  return comparisonPdfOffThread(result, metaOf(ctx, a.user, a.kit), metaOf(ctx, b.user, b.kit));
}
