import crypto from 'node:crypto';
import { formTypeOfKit, isTimeZone, STOOL_SURVEY_ID, type StudyKitType, TUBES_PER_KIT } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { studyKits, studySites, studySurveyResults, studyTubes } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';

/** 128 random bits: the id on a kit's label cannot be guessed from another kit's. */
export const newKitHashedId = () => crypto.randomBytes(16).toString('base64url');

// No 0/O or 1/I: tube labels are read off the tube and typed.
const TUBE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newTubeLabel = () =>
  Array.from(crypto.randomBytes(10), (byte) => TUBE_ALPHABET[byte % TUBE_ALPHABET.length]).join('');

export const formLink = (ctx: AppContext, kitType: StudyKitType, hashedId: string) =>
  `${ctx.mail.publicUrl}/${formTypeOfKit(kitType) === 'replacement-form' ? 'replacement' : 'requisition'}/${hashedId}`;

/** ops study:create: a study site and the time zone its collection times are given in. */
export async function createSite(ctx: AppContext, input: { name: string; timezone: string }) {
  if (!isTimeZone(input.timezone))
    throw invalid(`${input.timezone} is not a time zone (use an IANA name such as Australia/Brisbane).`, {
      timezone: 'Unknown time zone',
    });
  const [site] = await ctx.db
    .insert(studySites)
    .values({ name: input.name, timezone: input.timezone })
    .onConflictDoNothing()
    .returning();
  if (!site) throw conflict(`There is already a site named ${input.name}.`);
  return { id: site.id, name: site.name, timezone: site.timezone };
}

/** ops study:kits: new kits of one type for a site, with their tubes and the link their label encodes. */
export async function createStudyKits(
  ctx: AppContext,
  input: { siteId: number; kitType: StudyKitType; count: number },
) {
  const [site] = await ctx.db.select().from(studySites).where(eq(studySites.id, input.siteId));
  if (!site) throw notFound(`There is no site ${input.siteId}.`);
  return ctx.db.transaction(async (tx) => {
    const created = await tx
      .insert(studyKits)
      .values(
        Array.from({ length: input.count }, () => ({
          hashedId: newKitHashedId(),
          siteId: site.id,
          kitType: input.kitType,
        })),
      )
      .returning();
    const tubes = await tx
      .insert(studyTubes)
      .values(
        created.flatMap((kit) =>
          Array.from({ length: TUBES_PER_KIT[input.kitType] }, (_, i) => ({
            kitId: kit.id,
            position: i + 1,
            label: newTubeLabel(),
          })),
        ),
      )
      .returning();
    if (input.kitType === 'ORBITM_S_KIT')
      await tx
        .insert(studySurveyResults)
        .values(created.map((kit) => ({ kitId: kit.id, surveyId: STOOL_SURVEY_ID })));
    return created.map((kit) => ({
      id: kit.id,
      hashedId: kit.hashedId,
      kitType: input.kitType,
      siteId: site.id,
      tubes: tubes
        .filter((t) => t.kitId === kit.id)
        .sort((a, b) => a.position - b.position)
        .map((t) => t.label),
      formLink: formLink(ctx, input.kitType, kit.hashedId),
    }));
  });
}
