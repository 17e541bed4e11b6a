import type { DiversityMetric } from './build-report.ts';
import type { MarkerVersion } from './profile.ts';
import type { ReferenceMetric } from './reference-data.ts';
import { statementText } from './statements.ts';
import { percentileBand } from './uncertainty.ts';

/* Plain-language texts of the report page and PDF. Indices are research measures, not diagnoses. */

export const INDEX_CITATIONS = {
  gmwi2:
    'Chang D, Gupta VK, et al. Gut Microbiome Wellness Index 2 enhances health status prediction from gut microbiome taxonomic profiles. Nat Commun 2024. doi:10.1038/s41467-024-51651-9',
  gmhi: 'Gupta VK, et al. A predictive index for health status using species-level gut microbiome profiling. Nat Commun 2020. doi:10.1038/s41467-020-18476-8',
} as const;

/** The band's statement (registry), then the percentile as a number. */
export function percentileSentence(percentile: number | null): string {
  if (percentile === null) return '';
  const shown = Math.min(99, Math.max(1, Math.round(percentile)));
  const band = percentileBand(percentile);
  return ` ${statementText(`percentile.${band}`)} It is about the ${ordinal(shown)} percentile.`;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const round = (value: number, digits: number) => value.toFixed(digits);

export const DIVERSITY_READINGS = {
  richness: (value: number, percentile: number | null) =>
    `We found ${value} species in your sample.${percentileSentence(percentile)}`,
  shannon: (value: number | null, percentile: number | null) =>
    value === null
      ? 'Shannon diversity needs at least one species.'
      : `Your Shannon diversity is ${round(value, 2)}. It grows with both the number of species and how evenly they share your gut.${percentileSentence(percentile)}`,
  inverseSimpson: (value: number | null, percentile: number | null) =>
    value === null
      ? 'Inverse Simpson needs at least one species.'
      : `Your community is as varied as one of about ${round(value, 1)} equally common species; a low number means a few species dominate.${percentileSentence(percentile)}`,
  evenness: (value: number | null, percentile: number | null) =>
    value === null
      ? 'Evenness needs at least two species.'
      : `Your evenness is ${round(value, 2)} on a scale from 0 to 1; closer to 1 means the species are more evenly balanced.${percentileSentence(percentile)}`,
};

function signReading(value: number, index: 'gmwi2' | 'gmhi'): string {
  if (value > 0) return `Your score is ${round(value, 2)}, above zero. ${statementText(`${index}.above`)}`;
  if (value < 0) return `Your score is ${round(value, 2)}, below zero. ${statementText(`${index}.below`)}`;
  return `Your score is 0. ${statementText('index.zero')}`;
}

export const INDEX_READINGS = {
  gmwi2: (value: number | null) =>
    value === null
      ? 'GMWI2 can only be computed from profiles made with MetaPhlAn 3 and its mpa_v30 database, the data the index was built on.'
      : signReading(value, 'gmwi2'),
  gmhi: (value: number | null) =>
    value === null
      ? 'GMHI could not be computed: the profile has no named species.'
      : signReading(value, 'gmhi'),
};

/**
 * Why a report has no GMWI2: the model's features are taxa named as in MetaPhlAn 3's mpa_v30 database,
 * so a profile of another database cannot be scored without silently dropping or misreading taxa.
 */
export function gmwi2NotComputedText(markerVersion: MarkerVersion | null, database: string | null): string {
  const lab =
    markerVersion === null
      ? 'this profile does not say which MetaPhlAn database made it'
      : `this profile was made with MetaPhlAn ${markerVersion}${database ? ` (database ${database})` : ''}`;
  return `GMWI2 is not computed for this lab version: ${lab}. GMWI2 was built on taxa exactly as MetaPhlAn 3's mpa_v30 database names and divides them, and other databases name and divide many of them differently, so the score would not mean what the index means.`;
}

export const INDEX_CAVEATS = {
  gmwi2: `${statementText('index.research')} We have no healthy reference group for a percentile of this score.`,
  gmhi: (markerVersion: MarkerVersion | null) =>
    markerVersion === 2
      ? statementText('index.research')
      : `${statementText('index.research')} It was defined on older species names. A few species have no match in newer lab databases and are not counted, so treat the value as approximate.`,
};

const REFERENCE_PEOPLE =
  'Compared with 2,754 healthy people in the reference set of the GMWI web tool (Chang et al. 2023). Their samples were read with an older MetaPhlAn (version 2).';

/** What a reader should know before trusting each percentile; short enough to show under the number. */
export const PERCENTILE_CAVEATS: Record<ReferenceMetric, string> = {
  richness: `${REFERENCE_PEOPLE} Their counts include only the 313 species of the first study. Yours counts every species found, so your percentile is likely to read high.`,
  shannon: `${REFERENCE_PEOPLE} Their values use only the 313 species of the first study, so treat this percentile as a rough guide.`,
  inverseSimpson: `${REFERENCE_PEOPLE} Their values use only the 313 species of the first study, so treat this percentile as a rough guide.`,
  evenness: `${REFERENCE_PEOPLE} Their values use only the 313 species of the first study, so treat this percentile as a rough guide.`,
  gmhiWebtool: `${REFERENCE_PEOPLE} The web tool uses a variant of GMHI that reads about 0.14 lower (43 instead of 31 in one denominator). We rank your value of that same variant. Some signature species have newer names, so the percentile is approximate.`,
};

/**
 * A whole number with its thousands separated by commas, as en-AU and en-US write it: 2,754. Written by
 * hand: a page's first toLocaleString loads the locale's number data, about 50 ms of a slow phone's main
 * thread as the report draws (decisions 047, 068).
 */
export function formatCount(count: number): string {
  const whole = Math.round(count);
  return `${whole < 0 ? '-' : ''}${String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** A percentile's meaning, for a reference set of `size` people. */
export function percentileExplanation(size: number): string {
  return `A percentile says where your value falls among the ${formatCount(size)} healthy people of the reference set: at the 70th percentile, 70 in every 100 of them had a lower value.`;
}

export type ScoreKey = DiversityMetric | 'gmwi2' | 'gmhi';

/** What to keep in mind about a score: the same texts in every report of a marker database. */
export type ScoreNotes = { caveat: string | null; percentileCaveat: string | null; citation: string | null };

/**
 * A score's caveats and citation. They are the same in every report of a database, so they are kept here
 * and looked up where shown (page, PDF), not stored in each report (decision 027, session 11).
 */
export function scoreNotes(
  report: { markerVersion: MarkerVersion | null; indices: { gmhi: { value: number | null } } },
  key: ScoreKey,
): ScoreNotes {
  if (key === 'gmwi2')
    return { caveat: INDEX_CAVEATS.gmwi2, percentileCaveat: null, citation: INDEX_CITATIONS.gmwi2 };
  if (key === 'gmhi')
    return {
      caveat: INDEX_CAVEATS.gmhi(report.markerVersion),
      percentileCaveat: report.indices.gmhi.value === null ? null : PERCENTILE_CAVEATS.gmhiWebtool,
      citation: INDEX_CITATIONS.gmhi,
    };
  return { caveat: null, percentileCaveat: PERCENTILE_CAVEATS[key], citation: null };
}
