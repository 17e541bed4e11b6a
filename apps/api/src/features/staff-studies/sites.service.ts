import {
  formTypeOfKit,
  STUDY_MESSAGES,
  STUDY_PAGE_SIZE,
  type StaffSiteRow,
  type StaffStudyKitDetail,
  type StaffStudyKitRow,
  type StudyKitType,
} from '@portal/domain';
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { studyLabelsPdf } from '../../adapters/pdf/study-labels.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  studyKits,
  studySites,
  studySurveyAnswers,
  studySurveyResults,
  studyTubes,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { idCursor, keysetPage } from '../../lib/keyset-page.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { createSite, createStudyKits, formLink, getKitInfo } from '../requisition/index.ts';
import { recordStaffAction } from '../staff/index.ts';

/**
 * The multi-site study in the console (STUDY): sites with their time zones, a batch of kits for a site
 * (the ops CLI's own study:create and study:kits, audited), the kits of a site with whether their form
 * came in, a kit's submitted requisition or replacement form, and labels with the forms' QR codes.
 */
// Drizzle leaves columns of a one-table select unqualified, so the outer row is named in full.
const siteCounts = {
  kits: sql<number>`(select count(*)::int from "study_kits" k where k.site_id = "study_sites"."id")`,
  requisitions: sql<number>`(select count(*)::int from "requisitions" r join "study_kits" k on k.id = r.kit_id
    where k.site_id = "study_sites"."id")`,
};

async function siteRows(db: DbOrTx, where: SQL | undefined, limit: number): Promise<StaffSiteRow[]> {
  const rows = await db
    .select({ site: studySites, ...siteCounts })
    .from(studySites)
    .where(where)
    .orderBy(desc(studySites.id))
    .limit(limit);
  return rows.map(({ site, kits, requisitions: submitted }) => ({
    id: site.id,
    name: site.name,
    timezone: site.timezone,
    createdAt: site.createdAt.toISOString(),
    kits: Number(kits),
    requisitions: Number(submitted),
  }));
}

async function siteRow(db: DbOrTx, id: number) {
  const [row] = await siteRows(db, eq(studySites.id, id), 1);
  if (!row) throw notFound(STUDY_MESSAGES.siteNotFound);
  return row;
}

export async function listSites(db: DbOrTx, after?: string) {
  const rows = await siteRows(db, after ? lt(studySites.id, Number(after)) : undefined, STUDY_PAGE_SIZE + 1);
  const { page, next } = keysetPage(rows, STUDY_PAGE_SIZE, idCursor);
  return { sites: page, next };
}

export async function createSiteByStaff(
  ctx: AppContext,
  principal: Principal,
  input: { name: string; timezone: string },
) {
  return ctx.db.transaction(async (tx) => {
    const site = await createSite({ ...ctx, db: tx }, input);
    await recordStaffAction(tx, principal, {
      action: 'study_site.create',
      entity: 'study_site',
      entityId: String(site.id),
      after: site,
    });
    return siteRow(tx, site.id);
  });
}

/** The form's submission time: the requisition's, or the replacement's. */
const submittedAt = sql<string | null>`coalesce(
  (select r.created_at from "requisitions" r where r.kit_id = "study_kits"."id"),
  (select x.created_at from "kit_replacements" x where x.replacement_kit_id = "study_kits"."id"))`;

async function kitRows(ctx: AppContext, where: SQL | undefined, limit: number): Promise<StaffStudyKitRow[]> {
  const rows = await ctx.db
    .select({ kit: studyKits, submittedAt })
    .from(studyKits)
    .where(where)
    .orderBy(desc(studyKits.id))
    .limit(limit);
  const tubes = rows.length
    ? await ctx.db
        .select()
        .from(studyTubes)
        .where(
          inArray(
            studyTubes.kitId,
            rows.map((r) => r.kit.id),
          ),
        )
        .orderBy(asc(studyTubes.position))
    : [];
  return rows.map(({ kit, submittedAt: at }) => {
    const kitType = kit.kitType as StudyKitType;
    return {
      id: kit.id,
      hashedId: kit.hashedId,
      kitType,
      siteId: kit.siteId,
      createdAt: kit.createdAt.toISOString(),
      tubes: tubes.filter((t) => t.kitId === kit.id).map((t) => t.label),
      formLink: formLink(ctx, kitType, kit.hashedId),
      submittedAt: at ? new Date(at).toISOString() : null,
    };
  });
}

export async function listStudyKits(ctx: AppContext, siteId: number, after?: string) {
  const site = await siteRow(ctx.db, siteId);
  const rows = await kitRows(
    ctx,
    and(eq(studyKits.siteId, siteId), after ? lt(studyKits.id, Number(after)) : undefined),
    STUDY_PAGE_SIZE + 1,
  );
  const { page, next } = keysetPage(rows, STUDY_PAGE_SIZE, idCursor);
  return { site, kits: page, next };
}

export async function createStudyKitBatch(
  ctx: AppContext,
  principal: Principal,
  siteId: number,
  input: { kitType: StudyKitType; count: number },
) {
  await siteRow(ctx.db, siteId);
  return ctx.db.transaction(async (tx) => {
    const created = await createStudyKits({ ...ctx, db: tx }, { siteId, ...input });
    await recordStaffAction(tx, principal, {
      action: 'study_kits.create',
      entity: 'study_site',
      entityId: String(siteId),
      after: { kitType: input.kitType, count: created.length, kitIds: created.map((k) => k.id) },
    });
    const ids = created.map((k) => k.id);
    return { kits: (await kitRows({ ...ctx, db: tx }, inArray(studyKits.id, ids), ids.length)).reverse() };
  });
}

export async function studyKitDetail(ctx: AppContext, kitId: number): Promise<StaffStudyKitDetail> {
  const [kit] = await kitRows(ctx, eq(studyKits.id, kitId), 1);
  if (!kit) throw notFound(`There is no study kit ${kitId}.`);
  const info = await getKitInfo(ctx, kit.hashedId, formTypeOfKit(kit.kitType));
  let questionnaireAnswers: number | null = null;
  if (kit.kitType === 'ORBITM_S_KIT') {
    const [answered] = await ctx.db
      .select({ n: count() })
      .from(studySurveyAnswers)
      .innerJoin(studySurveyResults, eq(studySurveyResults.id, studySurveyAnswers.surveyResultId))
      .where(eq(studySurveyResults.kitId, kit.id));
    questionnaireAnswers = Number(answered?.n ?? 0);
  }
  // The questionnaire's keys open it for writing: staff read the form, they do not fill it in.
  return { kit, form: { ...info, surveyResults: [] }, questionnaireAnswers };
}

/** One label per kit, in the order asked. */
export async function studyKitLabels(ctx: AppContext, ids: number[]): Promise<Buffer> {
  const rows = await ctx.db
    .select({ kit: studyKits, site: studySites.name })
    .from(studyKits)
    .innerJoin(studySites, eq(studySites.id, studyKits.siteId))
    .where(inArray(studyKits.id, ids));
  const missing = ids.filter((id) => !rows.some((r) => r.kit.id === id));
  if (missing.length) throw notFound(`There is no study kit ${missing.join(', ')}.`);
  const tubes = await ctx.db
    .select()
    .from(studyTubes)
    .where(inArray(studyTubes.kitId, ids))
    .orderBy(asc(studyTubes.position));
  const labels = ids.map((id) => {
    const row = rows.find((r) => r.kit.id === id);
    if (!row) throw notFound();
    const kitType = row.kit.kitType as StudyKitType;
    return {
      kitId: id,
      kitType,
      site: row.site,
      formLink: formLink(ctx, kitType, row.kit.hashedId),
      tubes: tubes.filter((t) => t.kitId === id).map((t) => t.label),
    };
  });
  return studyLabelsPdf(labels, ctx.config.brandName);
}
