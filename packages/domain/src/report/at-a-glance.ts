import type { ComparedMetric } from './compared-metrics.ts';
import { OTHER_TAXA } from './composition.ts';
import { isMeaningfulChange } from './meaningful-change.ts';
import type { StatementId } from './statements.ts';
import { taxonLabel } from './taxa.ts';
import { type PercentileBand, percentileBand, type ValueRange } from './uncertainty.ts';

/*
 * "Your report at a glance" (issue 37, item 1): three to five findings chosen by rules from the person's
 * own values, computed at import and stored with the report. Each says what was found (with the person's
 * numbers), points at a statement of the registry for what it means, and links to the section behind it.
 */

export type ReportSection = 'report-diversity' | 'report-indices' | 'report-composition' | 'report-journey';

export type FindingKey = 'unknown' | 'dominant' | 'richness' | 'shannon' | 'gmwi2' | 'gmhi' | 'change';

export type Finding = {
  key: FindingKey;
  /** What was found, with the person's numbers: a fact, not an interpretation. */
  found: string;
  /** What it means: a statement of the registry (statements.ts). */
  means: StatementId;
  /** The value's range crosses a band boundary: the page adds the "could be either" statement. */
  couldBeEither: boolean;
  section: ReportSection;
};

export type ReportSummary = (
  | { interpretable: true; findings: Finding[] }
  | { interpretable: false; reason: StatementId; findings: [] }
) & {
  /** A red-flag questionnaire answer (suggestions.ts): "talk to your GP" comes first. Set at import. */
  gpFirst?: true;
};

type Reading = { value: number | null; percentile: number | null; range: ValueRange | null };

export type SummaryInput = {
  unknownPercent: number;
  species: readonly { name: string; percent: number }[];
  richness: Reading;
  shannon: Reading;
  gmwi2: Reading;
  gmhi: Reading;
  /** The person's previous sample of the same marker database, when there is one. */
  previous?: { displayDate: string | null; values: Record<ComparedMetric, number | null> } | null;
  values?: Record<ComparedMetric, number | null>;
};

/** At or above this UNKNOWN share, the rest of the report describes only a small part of the sample. */
export const UNKNOWN_FINDING_PERCENT = 80;
/** One species at or above this share of the named part of the sample is worth saying first. */
export const DOMINANT_FINDING_PERCENT = 50;
export const MAX_FINDINGS = 5;

const BAND_WORDS: Record<PercentileBand, string> = {
  lower: 'in the lowest quarter of',
  usual: 'in the middle half of',
  higher: 'in the highest quarter of',
};
const DIVERSITY_MEANS: Record<PercentileBand, StatementId> = {
  lower: 'diversity.low',
  usual: 'diversity.usual',
  higher: 'diversity.high',
};

const whole = (n: number) => String(Math.round(n));
const ordinal = (n: number) => {
  const r = Math.min(99, Math.max(1, Math.round(n)));
  const suffix = r % 100 >= 11 && r % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][r % 10] ?? 'th');
  return `${r}${suffix}`;
};

function placed(what: string, reading: Reading, key: 'richness' | 'shannon'): Finding | null {
  if (reading.value === null || reading.percentile === null) return null;
  const band = percentileBand(reading.percentile);
  return {
    key,
    found: `${what} That is ${BAND_WORDS[band]} healthy people in our reference (the ${ordinal(reading.percentile)} percentile).`,
    means: DIVERSITY_MEANS[band],
    couldBeEither: reading.range?.couldBeEither ?? false,
    section: 'report-diversity',
  };
}

function bySign(name: string, key: 'gmwi2' | 'gmhi', reading: Reading): Finding | null {
  const { value } = reading;
  if (value === null) return null;
  const side = value > 0 ? 'above' : value < 0 ? 'below' : 'at';
  return {
    key,
    found: `Your ${name} score is ${value.toFixed(2)}, ${side === 'at' ? 'exactly' : side} zero.`,
    means: side === 'at' ? 'index.zero' : `${key}.${side}`,
    couldBeEither: reading.range?.couldBeEither ?? false,
    section: 'report-indices',
  };
}

const CHANGE_NAMES: Record<ComparedMetric, string> = {
  richness: 'species count',
  shannon: 'Shannon diversity',
  inverseSimpson: 'inverse Simpson',
  evenness: 'evenness',
  gmwi2: 'GMWI2 score',
  gmhi: 'GMHI score',
};

function change(input: SummaryInput): Finding | null {
  const { previous, values } = input;
  if (!previous || !values) return null;
  const moved = (Object.keys(CHANGE_NAMES) as ComparedMetric[]).flatMap((metric) => {
    const before = previous.values[metric];
    const after = values[metric];
    if (before === null || after === null) return [];
    const delta = after - before;
    return isMeaningfulChange(metric, delta) ? [{ metric, delta }] : [];
  });
  const since = previous.displayDate
    ? ` since your sample of ${previous.displayDate}`
    : ' since your last sample';
  if (moved.length === 0)
    return {
      key: 'change',
      found: `None of your scores changed more than usual${since}.`,
      means: 'change.notMeaningful',
      couldBeEither: false,
      section: 'report-journey',
    };
  const parts = moved.map((m) => `your ${CHANGE_NAMES[m.metric]} went ${m.delta > 0 ? 'up' : 'down'}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
  return {
    key: 'change',
    found: `${since.trim().replace(/^s/, 'S')}, ${list}.`,
    means: 'change.meaningful',
    couldBeEither: false,
    section: 'report-journey',
  };
}

/** The findings of one report, most telling first; a sample with no species cannot be interpreted. */
export function atAGlance(input: SummaryInput): ReportSummary {
  if (input.richness.value === null || input.richness.value === 0)
    return { interpretable: false, reason: 'cannot.interpret', findings: [] };
  const top = input.species.find((s) => s.name !== OTHER_TAXA);
  const candidates: (Finding | null)[] = [
    input.unknownPercent >= UNKNOWN_FINDING_PERCENT
      ? {
          key: 'unknown',
          found: `We could match only ${whole(100 - input.unknownPercent)}% of your sample to known microbes.`,
          means: 'unknown.high',
          couldBeEither: false,
          section: 'report-composition',
        }
      : null,
    top && top.percent >= DOMINANT_FINDING_PERCENT
      ? {
          key: 'dominant',
          found: `One microbe, ${taxonLabel(top.name)}, makes up ${whole(top.percent)}% of the named part of your sample.`,
          means: 'dominant.one',
          couldBeEither: false,
          section: 'report-composition',
        }
      : null,
    placed(`We found ${input.richness.value} species in your sample.`, input.richness, 'richness'),
    bySign('GMWI2', 'gmwi2', input.gmwi2),
    change(input),
    placed(`Your Shannon diversity is ${input.shannon.value?.toFixed(2)}.`, input.shannon, 'shannon'),
    bySign('GMHI', 'gmhi', input.gmhi),
  ];
  return {
    interpretable: true,
    findings: candidates.filter((f): f is Finding => f !== null).slice(0, MAX_FINDINGS),
  };
}
