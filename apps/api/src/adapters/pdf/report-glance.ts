import {
  type BuildReport,
  type ReportProtocol,
  type ReportSummary,
  STATEMENTS,
  statementText,
  suggestionsOf,
  type ValueRange,
} from '@portal/domain/report';
import { BRAND, ensureRoom, fmt, longDate, MUTED, say, type Tagged } from './pdf-document.ts';

/* The report PDF's parts of issue 37: the findings on the first page, the ranges, the protocol. */

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const gradeNote = (id: keyof typeof STATEMENTS) =>
  `Evidence grade ${STATEMENTS[id].grade}. ${STATEMENTS[id].citations.map((c) => `doi:${c.doi}`).join(', ')}`;

/** Where a repeat sample would likely read (value ± the repeatability coefficient), and "could be either". */
export function rangeText(range: ValueRange | null | undefined, digits: number): string {
  if (!range) return '';
  const percentiles =
    range.percentileLow === null || range.percentileHigh === null
      ? ''
      : ` (the ${ordinal(Math.max(1, Math.round(range.percentileLow)))} to the ${ordinal(Math.min(99, Math.round(range.percentileHigh)))} percentile)`;
  const either = range.couldBeEither ? ` ${statementText('range.couldBeEither')}` : '';
  return ` A repeat sample would likely read between ${fmt(range.low, digits)} and ${fmt(range.high, digits)}${percentiles}.${either}`;
}

/** "Your report at a glance" on the first page: each finding, what it means, and its grade (issue 37). */
export function atAGlance(t: Tagged, summary: ReportSummary | undefined) {
  if (!summary) return;
  say(t, 'H2', 'Your report at a glance', { color: BRAND, size: 15 });
  if (summary.gpFirst) {
    say(t, 'P', statementText('gp.first'), { size: 11, gap: 0 });
    say(t, 'P', gradeNote('gp.first'), { size: 8, color: MUTED, gap: 0.6 });
  }
  if (!summary.interpretable) {
    say(t, 'P', statementText(summary.reason), { size: 10.5 });
    return;
  }
  for (const finding of summary.findings) {
    say(t, 'P', finding.found, { size: 10.5, gap: 0 });
    const means = statementText(finding.means);
    const either = finding.couldBeEither ? ` ${statementText('range.couldBeEither')}` : '';
    say(t, 'P', `What it means: ${means}${either}`, { size: 9.5, gap: 0 });
    say(t, 'P', gradeNote(finding.means), { size: 8, color: MUTED, gap: 0.6 });
  }
  for (const id of suggestionsOf(summary)) {
    say(t, 'P', `What you can do: ${statementText(id)}`, { size: 9.5, gap: 0 });
    say(t, 'P', gradeNote(id), { size: 8, color: MUTED, gap: 0.6 });
  }
}

/** "How your sample was analysed": what the lab's file says, and unknown where it does not (issue 37). */
export function protocol(
  t: Tagged,
  report: Pick<BuildReport, 'version' | 'database'> & { protocol?: ReportProtocol },
) {
  const p = report.protocol;
  const unknown = 'unknown (not in the lab’s file)';
  ensureRoom(t, 120);
  say(t, 'H3', 'How your sample was analysed');
  const lines = [
    'Sequencing: shotgun metagenomic sequencing by the lab; the sequencer is unknown (not in the lab’s file).',
    `Profiling: ${p?.profiler ?? unknown}; exact release unknown (not in the lab’s file).`,
    `MetaPhlAn database: ${p?.database ?? report.database ?? unknown}`,
    `Report version: ${report.version}, rules ${p?.rulesVersion ?? unknown}`,
    `Date of analysis (report computed): ${p?.analysedOn ? longDate(p.analysedOn) : 'unknown'}`,
  ];
  for (const line of lines) say(t, 'P', line, { size: 9, gap: 0.2 });
}
