import { canViewReports } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { answerFiles } from './export-answers.ts';
import { type ExportFile, exportFile, json, manifestFile, sha256 } from './export-format.ts';
import { kitsFile, ownKits } from './export-kits.ts';
import { accessLogFile, fhirPersonOf, profileFile } from './export-person.ts';
import { readme } from './export-readme.ts';
import { reportFiles } from './export-reports.ts';
import { shareFiles } from './export-shares.ts';
import { fhirBundle } from './fhir.ts';

export type { ExportFile } from './export-format.ts';

/**
 * Everything the portal holds about one person, as the files of the export ZIP (docs/privacy.md). Reads
 * only; a minor without parental consent gets everything but the report data (canViewReports), and
 * results of a project that delivers none are left out as the portal leaves them out (listReports).
 */
export async function exportFiles(ctx: AppContext, userId: string, now = new Date()): Promise<ExportFile[]> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('export: no such person');
  const reportsShown = canViewReports(user);
  const profile = await profileFile(ctx.db, user, now, reportsShown);
  const kitRows = await ownKits(ctx.db, userId);
  const kits = await kitsFile(ctx.db, userId, kitRows);
  const answers = await answerFiles(ctx.db, kitRows);
  const reports =
    reportsShown && !ctx.config.reportsUnavailable
      ? await reportFiles(ctx, user, kitRows, now)
      : { files: [], fhirReports: [] };
  const bundle = fhirBundle({
    person: fhirPersonOf(user),
    reports: reports.fhirReports,
    questionnaires: answers.questionnaires,
    consents: profile.fhirConsents,
    generatedAt: now.toISOString(),
  });
  const files = [
    profile.file,
    profile.ledger,
    kits,
    ...answers.files,
    ...reports.files,
    ...(await shareFiles(ctx.db, userId, now)),
    exportFile('fhir-bundle.json', json(bundle)),
    await accessLogFile(ctx.db, userId),
  ];
  const paths = files.map((f) => f.path);
  files.push(exportFile('README.txt', readme(ctx.config.brandName, now, paths, reportsShown)));
  files.push(manifestFile(files, now));
  return files;
}

/** The ZIP of the export's files, and its SHA-256. */
export function zipExport(files: ExportFile[], now = new Date()) {
  const entries = Object.fromEntries(files.map((f) => [f.path, [f.bytes, { mtime: now }] as const]));
  const zip = zipSync(entries as never, { level: 6 });
  return { zip, sha256: sha256(zip) };
}
