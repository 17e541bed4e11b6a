import { gmwi2WeightsText } from '@portal/domain/report/explain-texts';

/* Texts of the journey section and the "why" view of the report page. */

export const JOURNEY_TEXTS = {
  pageTitle: 'Journey',
  tooFew: 'Your journey starts once your second report is ready: then each score is shown over time here.',
  toReports: 'Open a report, or compare two of them',
  title: 'Your journey',
  intro: (count: number, first: string, last: string) =>
    `Your ${count} samples from ${first} to ${last}. Each point is a sample; the blue band behind it is the usual range of healthy people in the reference set (the middle half of them).`,
  ruleTitle: 'When is a change meaningful?',
  legendMeaningful: 'Square: a meaningful change from the sample before',
  legendNote: 'Diamond: a sample with a questionnaire note',
  legendBreak: 'Dashed line: the next sample was computed with a newer lab database; not directly comparable',
  noBand:
    'No healthy reference is available for GMWI2; the line at zero divides health-linked (above) from disease-linked (below).',
  loading: 'Loading the journey charts…',
  tableCaption: 'Your scores over time',
  dateColumn: 'Date',
  sampleColumn: 'Sample',
  notesColumn: 'Notes',
  bandRow: 'Usual range of healthy people',
  meaningful: 'meaningful change',
  breakNote: 'Computed with a newer lab database; not directly comparable with the samples before.',
  roseCaption: 'Species that rose most between these two samples',
  fellCaption: 'Species that fell most between these two samples',
  firstColumn: 'Earlier sample',
  lastColumn: 'Latest sample',
  changeColumn: 'Change (percentage points)',
  noneRose: 'No species rose between these two samples.',
  noneFell: 'No species fell between these two samples.',

  whyTitle: 'Why your scores are what they are',
  whyGmwi2: (value: string) => `Why is my GMWI2 ${value}?`,
  whyGmhi: (value: string) => `Why is my GMHI ${value}?`,
  whyPercentiles: 'What do the percentiles mean?',
  gmwi2Intro: (count: number, score: string) =>
    `GMWI2 adds one fixed weight for each microbe the model counts that was found in your sample: a positive weight for microbes linked with health, a negative one for microbes linked with disease. ${gmwi2WeightsText(count, score)}`,
  gmwi2Sum: (intercept: string, total: string) =>
    `Starting value ${intercept}, plus every weight above: ${total}.`,
  weightColumn: 'Weight',
  microbeColumn: 'Microbe',
  rankColumn: 'Rank',
  shareColumn: 'Share of sample',
  groupTotal: (title: string, count: number, subtotal: string) =>
    `${title}: ${count} ${count === 1 ? 'microbe' : 'microbes'}, together ${subtotal}`,
  gmhiIntro:
    'GMHI compares two diversity terms: one over the species more common in healthy people found in your sample, one over the species more common in people with disease.',
  gmhiGroup: (title: string, present: number, listed: number) =>
    `${title}: ${present} of ${listed} species found`,
  gmhiTerm: (present: number, divisor: number, entropy: string, psi: string) =>
    `Diversity term ψ = (${present} ÷ ${divisor}) × ${entropy} = ${psi}`,
  gmhiFormula: (mh: string, mn: string, pseudo: string, score: string) =>
    `GMHI = log10((${mh} + ${pseudo}) ÷ (${mn} + ${pseudo})) = ${score}`,
  noSpecies: 'None of these species was found.',
  reference: (name: string, size: string, explanation: string) =>
    `Percentiles compare you with the ${name}: ${size} people. ${explanation}`,

  moversTitle: 'What moved my GMWI2',
  moversIntro: (before: string, after: string, difference: string) =>
    `GMWI2 counts whether each microbe it weighs is there, not how much of it. Your score went from ${before} to ${after} (${difference}) because these microbes appeared or disappeared; their weights add up to the change.`,
  moversNone: (before: string, after: string) =>
    `No microbe that GMWI2 weighs appeared or disappeared, so your score stayed the same (${before} and ${after}).`,
  moversCaption: 'Microbes that changed your GMWI2',
  changedColumn: 'What happened',
  appeared: 'appeared',
  disappeared: 'disappeared',
  effectColumn: 'Effect on the score',
  downloadCsv: 'Download taxa (CSV)',
  downloadProfile: 'Download lab profile (MetaPhlAn)',
} as const;
