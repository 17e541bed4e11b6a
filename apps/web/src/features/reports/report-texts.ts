import type { ComparedMetric, CompositionRank, DiversityMetric } from '@portal/domain/report';
import { statementText } from '@portal/domain/report/statements';

/**
 * Texts of the report page. The spec's own sentences (empty state, before a selection, actions, the
 * incompatible-versions dialog) are word for word; they belong with the other spec messages in
 * packages/domain once that package takes them. The science's readings and caveats come with the report.
 */
export const REPORT_TEXTS = {
  title: 'Reports',
  /** Research portal: before the link to the Coach page, where the call is booked. */
  coachIntro: 'Talk your report through with a coach: book your call on the',
  empty: 'Sorry, you have no reports to display at this time.',
  /** The empty state's next step, after the spec's text. */
  emptyAction: 'Track your kits',
  notSelected: 'To get started select a report from the menu.',
  orderKit: 'Order another kit',
  activateSubscription: 'Activate subscription',
  downloadPdf: 'Download PDF',
  /** On a phone the report's actions sit behind this one button (issue 33 item 19). */
  actionsMenu: 'Report actions',
  selectors: 'Choose reports',
  primaryLabel: 'Report',
  secondaryLabel: 'Compare with a later report',
  choose: 'Choose a report',
  noComparison: 'No comparison',
  noLaterReports: 'There is no later report to compare with yet.',
  /** The spec has no text for an unknown sample in the link; this one says what happened and what to do. */
  notFoundTitle: 'Report not found',
  notFound: (what: string) =>
    `We could not find a report for ${what} in your account. Please check the link, or choose a report from the menu.`,
  loadingChart: 'Loading the chart…',
  reportHeading: (name: string, date: string) => `${name}, ${date}`,
  sampleLine: (sample: string, version: string) => `Sample ${sample} · report version ${version}`,
  notAvailable: 'not available for this sample',

  diversityTitle: 'How varied your gut microbes are',
  diversityIntro:
    'Diversity describes how many kinds of microbes live in your gut and how evenly they share it. Each measure is placed among healthy people in a reference set.',
  percentileLabel: 'Where you stand among healthy reference people',
  percentile: (ordinal: string) => `${ordinal} percentile`,
  scaleLower: 'Lower',
  scaleUsual: 'Usual range',
  scaleHigher: 'Higher',
  noPercentile: 'No percentile is available for this measure.',
  bandPercentile: (title: string, value: string, ordinal: string, where: 'below' | 'within' | 'above') =>
    `${title}: ${value}, the ${ordinal} percentile of healthy reference people; ${where} the usual range, the 25th to the 75th percentile.`,
  bandSign: (title: string, value: string, side: 'below' | 'at' | 'above') =>
    `${title}: ${value}, ${side === 'at' ? 'at zero' : `${side} zero`}. ${statementText('index.healthySide')}`,
  signLower: statementText('index.scaleLower'),
  signHigher: statementText('index.scaleHigher'),

  indicesTitle: 'Microbes linked with health and with disease',
  indicesIntro: statementText('indices.intro'),
  citationLabel: 'Source',
  howCalculated: 'How this is calculated',

  compositionTitle: 'Who lives in your gut',
  compositionIntro: (unknown: string) =>
    `Shares are of the part of your sample that could be named; ${unknown} of the sample could not be assigned to a known microbe.`,
  chartTitle: 'Composition by phylum',
  topSpeciesTitle: (count: number) => `Your ${count} most common species`,
  showTable: 'Show the table of all your microbes',
  chartSummary: (label: string) => `${label}:`,
  rankLegend: 'Show the table by',
  tableCaption: (rank: string) => `Your microbes by ${rank}`,
  taxonColumn: 'Name',
  percentColumn: 'Share of sample',
  sortBy: (column: string) => `Sort by ${column}`,

  notableTitle: 'The microbes behind your scores',
  notableIntro:
    'Microbes that the gut health indices count in your sample, and whether each index links them with health or with disease.',
  notableCaption: 'Microbes the indices count',
  notableNone: 'None of the microbes the indices count were found in this sample.',
  rankColumn: 'Rank',
  indexColumn: 'Index',
  linkedColumn: 'Linked with',

  comparisonTitle: 'How your microbiome changed',
  comparisonIntro: (earlier: string, later: string) =>
    `Changes from your earlier report (${earlier}) to your later report (${later}), as the later value minus the earlier one.`,
  changesCaption: 'Changes in diversity and gut health indices',
  measureColumn: 'Measure',
  earlierColumn: 'Earlier',
  laterColumn: 'Later',
  changeColumn: 'Change',
  up: 'up',
  down: 'down',
  unchanged: 'no change',
  roseTitle: 'Species that rose most',
  fellTitle: 'Species that fell most',
  noneRose: 'No species rose.',
  noneFell: 'No species fell.',
  brayCurtisTitle: 'How different the two samples are',
  brayCurtis: (value: string) => `Bray–Curtis dissimilarity: ${value}`,
  brayCurtisExplained:
    'This number compares which species the two samples hold and how much of each. It runs from 0, when the two samples are identical, to 1, when they share no species at all.',

  incompatibleTitle: 'These reports cannot be compared',
  incompatible: (code: string, phone: string) =>
    `Significant improvements have been done to our system since your last report, so these two reports cannot be compared online. Please contact support on ${phone} and quote the code ${code}.`,
  incompatibleOk: 'OK',

  glanceTitle: 'Your report at a glance',
  gpFirstTitle: 'Talk to your GP first',
  suggestionsTitle: 'What you can do',
  suggestionsIntro:
    'General steps that good evidence supports. They are not treatment, and we never suggest a product or supplement.',
  gradeShort: (grade: string) => `evidence grade ${grade}`,
  meansLabel: 'What it means:',
  moreAbout: (section: string) => `More about this: ${section}`,
  evidenceSummary: (grade: string) => `Evidence: grade ${grade}, sources and limits`,
  howWeGrade: 'How we grade evidence',
  notMeaning: 'What this does not mean:',
  reviewed: (date: string) => `Last reviewed ${date}.`,
  rangeLine: (low: string, high: string) => `A repeat sample would likely read between ${low} and ${high}`,
  rangePercentiles: (low: string, high: string) => ` (the ${low} to the ${high} percentile)`,
  referenceLine: (name: string, size: string) => `Reference: ${name}, ${size} people.`,
} as const;

export const SECTION_TITLES = {
  'report-diversity': REPORT_TEXTS.diversityTitle,
  'report-indices': REPORT_TEXTS.indicesTitle,
  'report-composition': REPORT_TEXTS.compositionTitle,
  'report-journey': 'Your journey',
} as const;

export const PROTOCOL_TEXTS = {
  title: 'How your sample was analysed',
  unknown: 'Unknown: the lab’s file does not say',
  sequencing: 'Sequencing',
  sequencingValue:
    'Shotgun metagenomic sequencing by the lab. The sequencer is unknown: the lab’s file does not say.',
  profiler: 'Profiling pipeline',
  releaseUnknown: 'the exact release is unknown',
  database: 'MetaPhlAn database',
  reportVersion: 'Report version',
  rules: (version: string) => `report rules ${version}`,
  analysedOn: 'Date of analysis (report computed)',
  issue: 'Report issue',
  amended: (n: number) =>
    `Amended report${n > 1 ? ` (correction ${n})` : ''}: the lab withdrew an earlier version of this report and corrected it.`,
} as const;

export const EVIDENCE_TEXTS = {
  title: 'How we grade evidence',
  intro:
    'Each sentence in your report that says what a result means has a grade. The grade says how strong the evidence behind it is.',
  gradesCaption: 'Evidence grades',
  gradeColumn: 'Grade',
  meaningColumn: 'What it means',
  statementsTitle: 'Every statement we use',
  sources: 'Sources',
  toReports: 'Back to your reports',
} as const;

export const DIVERSITY_LABELS: Record<DiversityMetric, string> = {
  richness: 'Species richness',
  shannon: 'Shannon diversity',
  inverseSimpson: 'Inverse Simpson',
  evenness: 'Evenness (Pielou)',
};

/** "How this is calculated": the methods, in a sentence each. */
export const METHOD_TEXTS = {
  intro:
    'The science behind your report: how each measure is worked out, the studies the indices come from, and what each score is made of.',
  measuresTitle: 'How each measure is worked out',
  sourcesTitle: 'Sources',
  richness: 'The number of species found in your sample with a share above zero.',
  shannon:
    'The Shannon index: minus the sum, over your species, of each share times its natural logarithm, with the shares of the species adding up to 1.',
  inverseSimpson:
    'One divided by the sum of the squared shares of your species: the number of equally common species that would give the same dominance.',
  evenness:
    "Pielou's evenness: the Shannon index divided by the natural logarithm of the species richness. It needs at least two species.",
  gmwi2:
    "The published model's starting value plus the weight of each of its microbes found in your sample at a share above 0.001%; microbes linked with health weigh above zero, those linked with disease below.",
  gmhi: 'The base-10 logarithm of a ratio: how many of the species linked with health are present, times their Shannon diversity, divided by the same for the species linked with disease.',
} as const;

/** Each measure in everyday words, under its name. */
export const METRIC_LEADS: Record<DiversityMetric | 'gmwi2' | 'gmhi', string> = {
  richness: 'How many kinds of microbes we found',
  shannon: 'How many kinds, and how evenly they share your gut, in one number',
  inverseSimpson: 'How many species really share your gut, rather than a few dominating',
  evenness: 'How evenly your species share your gut',
  gmwi2: statementText('gmwi2.lead'),
  gmhi: statementText('gmhi.lead'),
};

export const INDEX_LABELS = {
  gmwi2: 'GMWI2 (Gut Microbiome Wellness Index 2)',
  gmhi: 'GMHI (Gut Microbiome Health Index)',
} as const;

export const COMPARED_LABELS: Record<ComparedMetric, string> = {
  richness: 'Species richness',
  shannon: 'Shannon diversity',
  inverseSimpson: 'Inverse Simpson',
  evenness: 'Evenness',
  gmwi2: 'GMWI2',
  gmhi: 'GMHI',
};

export const RANK_LABELS: Record<CompositionRank, string> = {
  phylum: 'phylum',
  family: 'family',
  genus: 'genus',
  species: 'species',
};

export const LINKED_LABELS = { health: 'health', disease: 'disease' } as const;
