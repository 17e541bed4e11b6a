import { parseMetaphlanProfile } from '@portal/domain/report';
import { eq } from 'drizzle-orm';
import { reportPdfOffThread } from '../../adapters/pdf/pdf-pool.ts';
import { labResults, type users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import {
  explainedReport,
  getJourney,
  listReports,
  metaOf,
  profileDownload,
  taxaCsvDownload,
} from '../reports/index.ts';
import { type ExportFile, exportFile } from './export-format.ts';
import type { ExportKit } from './export-kits.ts';
import type { FhirReport } from './fhir.ts';

/**
 * reports/: the PDF, the lab's profile and the taxa table of each report the person may see (the caller
 * checks they may see reports at all). Also returns the reports as the FHIR bundle states them.
 */
export async function reportFiles(
  ctx: AppContext,
  user: typeof users.$inferSelect,
  kitRows: ExportKit[],
  now: Date,
) {
  const files: ExportFile[] = [];
  const fhirReports: FhirReport[] = [];
  const shown = await listReports(ctx, user.id);
  const journey = shown.length ? await getJourney(ctx, user.id) : null;
  for (const r of shown) {
    const sample = r.sampleIdentifier;
    const [stored] = await ctx.db
      .select({ report: labResults.report, shape: labResults.reportShape, createdAt: labResults.createdAt })
      .from(labResults)
      .where(eq(labResults.kitId, r.kitId));
    const kit = kitRows.find((k) => k.kit.id === r.kitId)?.kit;
    if (!stored || !kit) continue;
    const report = await explainedReport(ctx, r.kitId, stored.report, stored.shape ?? 0);
    const pdf = new Uint8Array(await reportPdfOffThread(report, metaOf(ctx, user, kit), journey));
    const profile = await profileDownload(ctx, user.id, sample);
    const taxa = await taxaCsvDownload(ctx, user.id, sample);
    files.push(
      exportFile(`reports/${sample}.pdf`, pdf),
      exportFile(`reports/${profile.filename}`, profile.body),
      exportFile(`reports/${taxa.filename}`, taxa.body),
    );
    // Parsing checks the profile reads as the report did; the taxa table is made from the same text.
    parseMetaphlanProfile(profile.body);
    fhirReports.push({
      sampleIdentifier: sample,
      displayDate: r.displayDate || null,
      pdfPath: `reports/${sample}.pdf`,
      pdfSize: pdf.byteLength,
      createdAt: (stored.createdAt ?? now).toISOString(),
      report,
    });
  }
  return { files, fhirReports };
}
