import {
  type BuildReport,
  type ComparedMetric,
  type CompositionEntry,
  type GmhiExplanation,
  type Gmwi2Contributions,
  gmhiDivisorText,
  gmwi2GroupTaxa,
  gmwi2WeightsText,
  type HealthyBand,
  healthyBands,
  type Journey,
  lineageTaxon,
  percentileExplanation,
  RANK_NAMES,
  REFERENCE_DETAILS,
  type ReportComparison,
  type ReportProtocol,
  type ReportSummary,
  scoreNotes,
  taxonLabel,
} from '@portal/domain/report';
import { journeySection, SCORE_LABELS } from './journey-chart.ts';
import {
  BRAND,
  ensureRoom,
  fmt,
  INK,
  longDate,
  MUTED,
  NOT_A_DIAGNOSIS,
  say,
  type Tagged,
  taggedDocument,
} from './pdf-document.ts';
import { atAGlance, protocol, rangeText } from './report-glance.ts';
import { bars, scoreBand, stackedBar } from './score-figures.ts';

export type Meta = {
  brand: string;
  person: string;
  sampleIdentifier: string;
  kitName: string;
  displayDate: string | null;
};

/** Reports stored before the explanations existed lack them; the PDF then leaves those parts out. */
type StoredReport = BuildReport & {
  gmwi2Contributions?: Gmwi2Contributions | null;
  gmhiExplanation?: GmhiExplanation | null;
  reference?: BuildReport['reference'];
  /** Absent only from a report stored before issue 37 whose profile today's parser refuses. */
  summary?: ReportSummary;
  protocol?: ReportProtocol;
};

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
const pct = (value: number | null) =>
  value === null ? '' : ` (${ordinal(Math.min(99, Math.max(1, Math.round(value))))} percentile)`;
const signed = (value: number, digits = 3) => `${value >= 0 ? '+' : '-'}${Math.abs(value).toFixed(digits)}`;

function cover(t: Tagged, report: StoredReport, meta: Meta, journey: Journey | null) {
  const { doc } = t;
  // A band of the brand's colour across the top: decoration, so an artifact to a screen reader.
  doc.markContent('Artifact', { type: 'Layout' });
  doc.rect(0, 0, doc.page.width, 110).fill(BRAND);
  doc.endMarkedContent();
  doc.y = 124;
  say(t, 'P', meta.brand, { size: 14, color: BRAND });
  say(t, 'H1', 'Your gut microbiome report', { size: 24, gap: 0.6 });
  say(t, 'P', `Prepared for ${meta.person}`, { size: 13 });
  say(t, 'P', `Kit: ${meta.kitName}`, { size: 11 });
  say(t, 'P', `Sample: ${meta.sampleIdentifier}`, { size: 11 });
  say(t, 'P', `Report date: ${longDate(meta.displayDate)}`, { size: 11 });
  const points = journey?.points ?? [];
  if (points.length > 1)
    say(
      t,
      'P',
      `Your journey: ${points.length} samples, ${longDate(points[0]?.displayDate ?? null)} to ${longDate(points.at(-1)?.displayDate ?? null)}`,
      { size: 11 },
    );
  say(t, 'P', `Prepared on ${longDate(new Date().toISOString())}`, { size: 10, color: MUTED, gap: 2 });
  say(
    t,
    'P',
    `Lab data: ${report.database ?? 'unknown marker database'} (report version ${report.version}).`,
    { size: 9, color: MUTED, gap: 1 },
  );
  atAGlance(t, report.summary);
}

function value(report: StoredReport, metric: ComparedMetric) {
  return metric === 'gmwi2' || metric === 'gmhi' ? report.indices[metric] : report.diversity[metric];
}

function summary(t: Tagged, report: StoredReport) {
  t.doc.addPage();
  say(t, 'H2', 'Your scores against healthy people', { color: BRAND });
  say(
    t,
    'P',
    'Each line shows your value (the orange dot) against the green band, where the middle half of healthy people in the reference set fall. GMWI2 has no healthy reference; its line is centred on zero.',
    { size: 9, color: MUTED },
  );
  const bands: Record<ComparedMetric, HealthyBand | null> = healthyBands();
  for (const metric of Object.keys(SCORE_LABELS) as ComparedMetric[]) {
    const { label, digits } = SCORE_LABELS[metric];
    const reading = value(report, metric);
    say(t, 'H3', `${label}: ${fmt(reading.value, digits)}${pct(reading.percentile)}`, { size: 10.5, gap: 0 });
    scoreBand(t, { label, value: reading.value, digits, band: bands[metric] });
    say(t, 'P', `${reading.reading}${rangeText(reading.range, digits)}`, {
      size: 8.5,
      color: MUTED,
      gap: 0.5,
    });
  }
  say(t, 'P', NOT_A_DIAGNOSIS, { size: 9 });
}

/** Stored entries carry the clade's name only; people read it with spaces (decision 027). */
const labelled = (entries: readonly CompositionEntry[]) =>
  entries.map((e) => ({ label: taxonLabel(e.name), percent: e.percent }));

function composition(t: Tagged, report: StoredReport) {
  t.doc.addPage();
  say(t, 'H2', 'What lives in your gut', { color: BRAND });
  say(t, 'H3', 'By phylum');
  stackedBar(t, 'Composition by phylum', labelled(report.composition.phylum));
  say(t, 'H3', 'Most common genera');
  bars(t, 'Most common genera', labelled(report.composition.genus.slice(0, 15)));
}

function gmwi2Explanation(t: Tagged, report: StoredReport) {
  say(t, 'H3', 'GMWI2: the taxa behind your score');
  const c = report.gmwi2Contributions;
  if (!c) {
    say(t, 'P', report.indices.gmwi2.reading, { size: 9 });
    return;
  }
  say(
    t,
    'P',
    `GMWI2 adds one fixed weight for each microbe the model counts that was found in your sample: positive for microbes linked with health, negative for those linked with disease. ${gmwi2WeightsText(c.taxa.length, c.score.toFixed(3))}`,
    { size: 9 },
  );
  for (const group of c.groups) {
    const taxa = gmwi2GroupTaxa(c.taxa, group.linkedWith);
    ensureRoom(t, 40);
    say(t, 'P', `${group.title} (${taxa.length}; together ${signed(group.subtotal)})`, { size: 9.5 });
    for (const taxon of taxa) {
      const { rank, name } = lineageTaxon(taxon.lineage);
      ensureRoom(t, 14);
      say(
        t,
        'P',
        `${taxonLabel(name)} (${RANK_NAMES[rank]}): ${signed(taxon.coefficient)}, ${taxon.percent.toFixed(2)}% of your sample`,
        {
          size: 8.5,
          color: MUTED,
          gap: 0,
        },
      );
    }
    t.doc.moveDown(0.4);
  }
}

function gmhiTerms(t: Tagged, report: StoredReport) {
  ensureRoom(t, 80);
  say(t, 'H3', 'GMHI: the species behind your score');
  const g = report.gmhiExplanation;
  if (!g) {
    say(t, 'P', report.indices.gmhi.reading, { size: 9 });
    return;
  }
  for (const group of [g.healthPrevalent, g.healthScarce]) {
    ensureRoom(t, 40);
    say(t, 'P', `${group.title}: ${group.present} of ${group.listed} species found`, { size: 9.5, gap: 0.1 });
    say(t, 'P', gmhiDivisorText(group), { size: 8.5, color: MUTED, gap: 0.1 });
    // ψ as on the page: the embedded Noto Sans has it.
    say(
      t,
      'P',
      `Diversity term ψ = (${group.present} ÷ ${group.divisor}) × ${group.entropy.toFixed(4)} = ${group.psi.toFixed(4)}`,
      { size: 9, gap: 0.1 },
    );
    for (const s of group.species) {
      ensureRoom(t, 14);
      say(t, 'P', `${s.label}: ${s.percent.toFixed(3)}%`, { size: 8.5, color: MUTED, gap: 0 });
    }
    t.doc.moveDown(0.4);
  }
  say(
    t,
    'P',
    `GMHI = log10((${g.healthPrevalent.psi.toFixed(4)} + ${g.pseudocount}) ÷ (${g.healthScarce.psi.toFixed(4)} + ${g.pseudocount})) = ${g.score.toFixed(3)}`,
    { size: 9 },
  );
}

function explanations(t: Tagged, report: StoredReport) {
  t.doc.addPage();
  say(t, 'H2', 'How your scores are made', { color: BRAND });
  if (report.reference)
    say(
      t,
      'P',
      `Percentiles compare you with the ${report.reference.name} (${report.reference.size.toLocaleString('en-AU')} people). ${REFERENCE_DETAILS.healthyMeant} ${percentileExplanation(report.reference.size)}`,
      { size: 9 },
    );
  gmwi2Explanation(t, report);
  gmhiTerms(t, report);
  protocol(t, report);
  ensureRoom(t, 60);
  say(t, 'H3', 'Sources');
  // Looked up by score, not stored in each report (decision 027, session 11).
  for (const index of ['gmwi2', 'gmhi'] as const) {
    const notes = scoreNotes(report, index);
    say(t, 'P', notes.caveat ?? '', { size: 8, color: MUTED });
    say(t, 'P', notes.citation ?? '', { size: 8, color: MUTED });
  }
}

/**
 * The report as a document worth keeping: a cover, a one-page summary of the six scores against the
 * healthy bands, the composition, how each index is made, and the journey when there is more than one
 * sample. Everything is drawn as vectors from the stored report, and the PDF is tagged.
 */
export function reportPdf(report: StoredReport, meta: Meta, journey: Journey | null = null): Promise<Buffer> {
  const subject = [
    `Sample ${meta.sampleIdentifier}`,
    `Richness ${fmt(report.diversity.richness.value, 0)}`,
    `Shannon ${fmt(report.diversity.shannon.value)}`,
    `GMWI2 ${fmt(report.indices.gmwi2.value, 3)}`,
    `GMHI ${fmt(report.indices.gmhi.value, 3)}`,
  ].join(' | ');
  const t = taggedDocument({
    title: `${meta.brand} microbiome report ${meta.sampleIdentifier}`,
    subject,
    author: meta.brand,
    label: `${meta.brand} report ${meta.sampleIdentifier}`,
  });
  cover(t, report, meta, journey);
  summary(t, report);
  composition(t, report);
  explanations(t, report);
  if (journey && journey.points.length > 1) journeySection(t, journey);
  t.root.end();
  t.doc.end();
  return t.done;
}

/** Two reports side by side: what changed, the taxa that rose and fell most, and Bray-Curtis. */
export function comparisonPdf(comparison: ReportComparison, earlier: Meta, later: Meta): Promise<Buffer> {
  const t = taggedDocument({
    title: `${earlier.brand} report comparison`,
    author: earlier.brand,
    label: `${earlier.brand} comparison`,
  });
  say(t, 'P', later.brand, { size: 16, color: BRAND });
  say(t, 'H1', 'How your gut microbiome changed', { size: 20 });
  say(t, 'P', `Prepared for ${later.person}`);
  say(t, 'P', `Earlier sample: ${earlier.sampleIdentifier} (${longDate(earlier.displayDate)})`);
  say(t, 'P', `Later sample: ${later.sampleIdentifier} (${longDate(later.displayDate)})`, { gap: 1 });
  say(t, 'H2', 'Changes (later minus earlier)');
  for (const [key, delta] of Object.entries(comparison.deltas))
    say(
      t,
      'P',
      `${SCORE_LABELS[key as ComparedMetric]?.label ?? key}: ${delta === null ? 'n/a' : signed(delta)}`,
      {
        gap: 0,
      },
    );
  t.doc.moveDown();
  say(
    t,
    'P',
    `Bray-Curtis dissimilarity between the two samples: ${comparison.brayCurtis.toFixed(3)} (0 = identical, 1 = nothing shared)`,
    { gap: 1 },
  );
  for (const [title, list] of [
    ['Rose most', comparison.rose],
    ['Fell most', comparison.fell],
  ] as const) {
    say(t, 'H2', title);
    for (const c of list)
      say(t, 'P', `${c.label}: ${c.before.toFixed(2)}% to ${c.after.toFixed(2)}%`, { size: 9, gap: 0 });
    t.doc.moveDown();
  }
  t.doc.fillColor(INK);
  t.root.end();
  t.doc.end();
  return t.done;
}
