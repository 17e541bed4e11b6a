// Over 300 lines: the requisition form (site kits, collection times, the stool questionnaire and the
// replacement request) is one study workflow whose steps share the kit lookup and its checks.
import {
  formTypeOfKit,
  type KitFormType,
  type KitInfo,
  REQUISITION_MESSAGES,
  type replacementPayloadSchema,
  type requisitionPayloadSchema,
  type StudyKitType,
  type StudyVisit,
  siteTimeToEpoch,
  siteTimeToIso,
  type VisitorGender,
  type VisitorInfo,
} from '@portal/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  kitReplacements,
  requisitions,
  sampleReplacements,
  studyKits,
  studySites,
  studySiteVisits,
  studySurveyResults,
  studyTubes,
  studyVisitors,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { checkStoolAnswersComplete, surveyResultToken } from './stool-survey.service.ts';

/** The kit behind a scanned label, with its site; an unknown id is 'Invalid kit is scanned'. */
async function kitByHash(db: DbOrTx, hashedId: string, formType?: KitFormType) {
  const [row] = await db
    .select({ kit: studyKits, site: studySites })
    .from(studyKits)
    .innerJoin(studySites, eq(studySites.id, studyKits.siteId))
    .where(eq(studyKits.hashedId, hashedId));
  if (!row || (formType && formTypeOfKit(row.kit.kitType as StudyKitType) !== formType))
    throw notFound(REQUISITION_MESSAGES.invalidKit);
  return row;
}

const tubesOf = async (db: DbOrTx, kitId: number) =>
  db.select().from(studyTubes).where(eq(studyTubes.kitId, kitId)).orderBy(asc(studyTubes.position));

const replacedTube = alias(studyTubes, 'replaced_tube');
const replacingTube = alias(studyTubes, 'replacing_tube');

/** get kit info from hash id: the site, what was submitted for the kit before, and its questionnaire. */
export async function getKitInfo(ctx: AppContext, hashedId: string, formType: KitFormType): Promise<KitInfo> {
  const { kit, site } = await kitByHash(ctx.db, hashedId, formType);
  const kitType = kit.kitType as StudyKitType;
  const info: KitInfo = {
    formType,
    kit: { kitHashedId: kit.hashedId, kitType, tubes: (await tubesOf(ctx.db, kit.id)).map((t) => t.label) },
    site: { id: site.id, name: site.name, timezone: site.timezone },
    visitor: null,
    studyVisit: null,
    siteVisitId: null,
    visitAt: null,
    visitAtEpoch: null,
    note: null,
    collections: [],
    sampleReplacements: [],
    surveyResults: [],
    replacement: null,
  };
  if (formType === 'replacement-form') {
    const [replacement] = await ctx.db
      .select({ replaced: studyKits.hashedId, subjectId: studyVisitors.externalReference })
      .from(kitReplacements)
      .innerJoin(studyKits, eq(studyKits.id, kitReplacements.replacedKitId))
      .innerJoin(studyVisitors, eq(studyVisitors.id, kitReplacements.visitorId))
      .where(eq(kitReplacements.replacementKitId, kit.id));
    if (replacement)
      info.replacement = {
        replacedKitHashedId: replacement.replaced,
        siteNumber: site.id,
        subjectId: replacement.subjectId,
      };
    return info;
  }
  const [saved] = await ctx.db
    .select({ requisition: requisitions, visit: studySiteVisits, visitor: studyVisitors })
    .from(requisitions)
    .innerJoin(studySiteVisits, eq(studySiteVisits.id, requisitions.siteVisitId))
    .innerJoin(studyVisitors, eq(studyVisitors.id, studySiteVisits.visitorId))
    .where(eq(requisitions.kitId, kit.id));
  if (saved) {
    info.visitor = {
      externalReference: saved.visitor.externalReference,
      yearOfBirth: saved.visitor.yearOfBirth,
      gender: saved.visitor.gender as VisitorGender,
    };
    info.studyVisit = saved.visit.studyVisit as StudyVisit;
    info.siteVisitId = saved.visit.id;
    info.visitAt = saved.visit.visitAt;
    info.visitAtEpoch = saved.visit.visitAtEpoch;
    info.note = saved.requisition.note;
    info.collections = [
      {
        kit: { kitHashedId: kit.hashedId, kitId: kit.id, kitType },
        collectionDateAtSiteTimezone: saved.requisition.collectionDateAtSiteTimezone,
        collectionTimeAtSiteTimezone: saved.requisition.collectionTimeAtSiteTimezone,
        collectedAtEpoch: saved.requisition.collectedAtEpoch,
      },
    ];
    info.sampleReplacements = await ctx.db
      .select({ replaced: replacedTube.label, replacedBy: replacingTube.label })
      .from(sampleReplacements)
      .innerJoin(replacedTube, eq(replacedTube.id, sampleReplacements.replacedTubeId))
      .innerJoin(replacingTube, eq(replacingTube.id, sampleReplacements.replacedByTubeId))
      .where(eq(sampleReplacements.requisitionId, saved.requisition.id))
      .orderBy(asc(replacedTube.position));
  }
  const results = await ctx.db.select().from(studySurveyResults).where(eq(studySurveyResults.kitId, kit.id));
  info.surveyResults = await Promise.all(
    results.map(async (r) => ({
      kitId: kit.id,
      surveyResultId: r.id,
      token: surveyResultToken(ctx, r.id),
    })),
  );
  return info;
}

/** get visitor info: the visits of a subject at the scanned kit's site, with the kit types collected. */
export async function getVisitorInfo(
  ctx: AppContext,
  hashedId: string,
  subjectId: string,
): Promise<VisitorInfo> {
  const { site } = await kitByHash(ctx.db, hashedId);
  const rows = await ctx.db
    .select({ visit: studySiteVisits, kitType: requisitions.kitType })
    .from(studyVisitors)
    .innerJoin(studySiteVisits, eq(studySiteVisits.visitorId, studyVisitors.id))
    .innerJoin(requisitions, eq(requisitions.siteVisitId, studySiteVisits.id))
    .where(and(eq(studyVisitors.siteId, site.id), eq(studyVisitors.externalReference, subjectId.trim())))
    .orderBy(asc(studySiteVisits.studyVisit), asc(requisitions.kitType));
  const visits = new Map<string, VisitorInfo['visits'][number]>();
  for (const { visit, kitType } of rows) {
    const entry = visits.get(visit.studyVisit) ?? {
      studyVisit: visit.studyVisit as StudyVisit,
      visitAt: visit.visitAt,
      kitTypes: [],
    };
    entry.kitTypes.push(kitType as StudyKitType);
    visits.set(visit.studyVisit, entry);
  }
  return { visits: [...visits.values()] };
}

const isUniqueViolation = (error: unknown) =>
  String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) ===
  '23505';

/** The tubes named in 'Please Note': this blood kit's own tubes replaced by tubes of the site's replacement kits. */
async function replacementTubes(
  db: DbOrTx,
  kit: { id: number; siteId: number },
  list: { replaced: string; replacedBy: string }[],
) {
  if (!list.length) return [];
  const own = new Map((await tubesOf(db, kit.id)).map((t) => [t.label, t.id]));
  const spare = new Map(
    (
      await db
        .select({ id: studyTubes.id, label: studyTubes.label })
        .from(studyTubes)
        .innerJoin(studyKits, eq(studyKits.id, studyTubes.kitId))
        .where(
          and(
            inArray(
              studyTubes.label,
              list.map((r) => r.replacedBy),
            ),
            eq(studyKits.siteId, kit.siteId),
            eq(studyKits.kitType, 'ORBITM_R_KIT'),
          ),
        )
    ).map((t) => [t.label, t.id]),
  );
  return list.map((r, i) => {
    const replacedTubeId = own.get(r.replaced);
    if (!replacedTubeId)
      throw invalid(REQUISITION_MESSAGES.notATube(r.replaced), {
        [`sampleReplacements.${i}.replaced`]: REQUISITION_MESSAGES.notATube(r.replaced),
      });
    const replacedByTubeId = spare.get(r.replacedBy);
    if (!replacedByTubeId)
      throw invalid(REQUISITION_MESSAGES.notAReplacementTube(r.replacedBy), {
        [`sampleReplacements.${i}.replacedBy`]: REQUISITION_MESSAGES.notAReplacementTube(r.replacedBy),
      });
    return { replacedTubeId, replacedByTubeId, label: r.replacedBy };
  });
}

/**
 * post kit with hash id, requisition form: the subject, their study visit and the kit's collection,
 * stored with the site's time zone and as an epoch. A second kit of the same type for the same subject
 * and visit is refused; submitting the same kit again updates its requisition.
 */
const FUTURE_GRACE_MS = 5 * 60 * 1000;

export async function submitRequisition(ctx: AppContext, input: z.output<typeof requisitionPayloadSchema>) {
  const { kit, site } = await kitByHash(ctx.db, input.kitHashedId, 'requisition-form');
  const [collection] = input.collections;
  if (!collection || collection.kitHashedId !== kit.hashedId)
    throw invalid('The collection must be of the scanned kit.', {
      collections: REQUISITION_MESSAGES.invalidKit,
    });
  if (kit.kitType === 'ORBITM_S_KIT') {
    if (input.sampleReplacements.length)
      throw invalid('Tube replacements are recorded on blood kits only.', {
        sampleReplacements: 'Tube replacements are recorded on blood kits only.',
      });
    await checkStoolAnswersComplete(ctx.db, kit.id);
  }
  const tubes = await replacementTubes(ctx.db, kit, input.sampleReplacements);
  const date = collection.collectionDateAtSiteTimezone;
  const time = collection.collectionTimeAtSiteTimezone;
  const epoch = siteTimeToEpoch(date, time, site.timezone);
  // A sample cannot have been collected later than now; a few minutes' grace for a clock that runs ahead.
  if (epoch > Date.now() + FUTURE_GRACE_MS)
    throw invalid(REQUISITION_MESSAGES.collectionInFuture, {
      collectionDate: REQUISITION_MESSAGES.collectionInFuture,
    });
  const visitAt = siteTimeToIso(date, time, site.timezone);
  try {
    await ctx.db.transaction(async (tx) => {
      const [visitor] = await tx
        .insert(studyVisitors)
        .values({
          siteId: site.id,
          externalReference: input.visitor.externalReference,
          yearOfBirth: input.visitor.yearOfBirth,
          gender: input.visitor.gender,
        })
        .onConflictDoUpdate({
          target: [studyVisitors.siteId, studyVisitors.externalReference],
          set: { yearOfBirth: input.visitor.yearOfBirth, gender: input.visitor.gender },
        })
        .returning();
      if (!visitor) throw new Error('visitor not stored');
      const [visit] = await tx
        .insert(studySiteVisits)
        .values({ visitorId: visitor.id, studyVisit: input.studyVisit, visitAt, visitAtEpoch: epoch })
        .onConflictDoUpdate({
          target: [studySiteVisits.visitorId, studySiteVisits.studyVisit],
          set: { visitAt, visitAtEpoch: epoch },
        })
        .returning();
      if (!visit) throw new Error('visit not stored');
      const [other] = await tx
        .select({ id: requisitions.id })
        .from(requisitions)
        .where(
          and(
            eq(requisitions.siteVisitId, visit.id),
            eq(requisitions.kitType, kit.kitType),
            ne(requisitions.kitId, kit.id),
          ),
        );
      if (other) throw conflict(REQUISITION_MESSAGES.duplicateKit);
      const values = {
        siteVisitId: visit.id,
        collectionDateAtSiteTimezone: date,
        collectionTimeAtSiteTimezone: time,
        siteTimezone: site.timezone,
        collectedAtEpoch: epoch,
        note: input.note?.trim() || null,
      };
      const [requisition] = await tx
        .insert(requisitions)
        .values({ kitId: kit.id, kitType: kit.kitType, ...values })
        .onConflictDoUpdate({ target: requisitions.kitId, set: { ...values, updatedAt: new Date() } })
        .returning();
      if (!requisition) throw new Error('requisition not stored');
      await tx.delete(sampleReplacements).where(eq(sampleReplacements.requisitionId, requisition.id));
      for (const tube of tubes) {
        const [used] = await tx
          .select({ id: sampleReplacements.id })
          .from(sampleReplacements)
          .where(eq(sampleReplacements.replacedByTubeId, tube.replacedByTubeId));
        if (used) throw invalid(REQUISITION_MESSAGES.replacementUsed(tube.label));
        await tx.insert(sampleReplacements).values({
          requisitionId: requisition.id,
          replacedTubeId: tube.replacedTubeId,
          replacedByTubeId: tube.replacedByTubeId,
        });
      }
    });
  } catch (error) {
    // Two forms sent at once for the same subject and visit: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(REQUISITION_MESSAGES.duplicateKit);
    throw error;
  }
  return { message: REQUISITION_MESSAGES.submitted };
}

/**
 * post kit with hash id, replacement form: the scanned replacement kit stands in for a subject's kit of
 * the same site. Site number and subject id must match the kit's site and a subject seen there.
 */
export async function submitReplacement(ctx: AppContext, input: z.output<typeof replacementPayloadSchema>) {
  const { kit, site } = await kitByHash(ctx.db, input.kitHashedId, 'replacement-form');
  if (input.siteNumber !== site.id)
    throw invalid(REQUISITION_MESSAGES.wrongSite, { siteNumber: REQUISITION_MESSAGES.wrongSite });
  const [replaced] = await ctx.db
    .select()
    .from(studyKits)
    .where(and(eq(studyKits.hashedId, input.replacedKitHashedId), eq(studyKits.siteId, site.id)));
  if (!replaced || replaced.kitType === 'ORBITM_R_KIT' || replaced.id === kit.id)
    throw invalid(REQUISITION_MESSAGES.replacedKitUnknown, {
      replacedKitHashedId: REQUISITION_MESSAGES.replacedKitUnknown,
    });
  const [visitor] = await ctx.db
    .select()
    .from(studyVisitors)
    .where(and(eq(studyVisitors.siteId, site.id), eq(studyVisitors.externalReference, input.subjectId)));
  const unknownSubject = `There is no subject ${input.subjectId} at this site yet.`;
  if (!visitor) throw invalid(unknownSubject, { subjectId: unknownSubject });
  const [usedFor] = await ctx.db
    .select({ visitorId: studySiteVisits.visitorId })
    .from(requisitions)
    .innerJoin(studySiteVisits, eq(studySiteVisits.id, requisitions.siteVisitId))
    .where(eq(requisitions.kitId, replaced.id));
  if (usedFor && usedFor.visitorId !== visitor.id)
    throw invalid(REQUISITION_MESSAGES.replacedKitOtherSubject, {
      replacedKitHashedId: REQUISITION_MESSAGES.replacedKitOtherSubject,
    });
  await ctx.db
    .insert(kitReplacements)
    .values({ replacementKitId: kit.id, replacedKitId: replaced.id, visitorId: visitor.id })
    .onConflictDoUpdate({
      target: kitReplacements.replacementKitId,
      set: { replacedKitId: replaced.id, visitorId: visitor.id, createdAt: new Date() },
    });
  return { message: REQUISITION_MESSAGES.submitted };
}
