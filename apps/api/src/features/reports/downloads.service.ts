import { REPORT_MESSAGES, reportDelivered } from '@portal/domain';
import { parseMetaphlanProfile, taxaCsv } from '@portal/domain/report';
import { and, eq } from 'drizzle-orm';
import { kits, labResults, projects } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { ensureAvailable, ownReportKit, permittedUser } from './reports.service.ts';

export type Download = { filename: string; body: string };

/**
 * The lab's profile of one of the person's samples, under the same rules as the report: reports shown,
 * the person allowed to see them (a minor needs parental consent), results delivered by the project
 * (NO_DELIVERY results do not exist to the participant). Anyone else's sample is "not found".
 */
async function ownProfile(ctx: AppContext, userId: string, sampleIdentifier: string) {
  ensureAvailable(ctx);
  await permittedUser(ctx, userId);
  const sample = sampleIdentifier.trim().toUpperCase();
  const [row] = await ctx.db
    .select({
      sampleIdentifier: labResults.sampleIdentifier,
      profileText: labResults.profileText,
      sampleStatus: kits.sampleStatus,
      project: { resultDeliveryType: projects.resultDeliveryType },
    })
    .from(labResults)
    .innerJoin(kits, eq(kits.id, labResults.kitId))
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(and(eq(labResults.sampleIdentifier, sample), ownReportKit(userId)));
  if (!row || !reportDelivered(row)) throw notFound(REPORT_MESSAGES.notFound);
  return row;
}

/** The lab's original MetaPhlAn profile, byte for byte as imported. */
export async function profileDownload(ctx: AppContext, userId: string, sample: string): Promise<Download> {
  const row = await ownProfile(ctx, userId, sample);
  return { filename: `${row.sampleIdentifier}_metaphlan.txt`, body: row.profileText };
}

/** Every taxon of the profile as CSV (the domain's taxaCsv, shared with the data export). */
export async function taxaCsvDownload(ctx: AppContext, userId: string, sample: string): Promise<Download> {
  const row = await ownProfile(ctx, userId, sample);
  return {
    filename: `${row.sampleIdentifier}_taxa.csv`,
    body: taxaCsv(parseMetaphlanProfile(row.profileText)),
  };
}
