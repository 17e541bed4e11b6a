/**
 * The registry of interpretive statements (issue 37): every sentence the report page, the PDF, the journey
 * and the emails use to say what a value means, or how far to trust it. Each has an evidence grade, its
 * sources (DOI), what it does not mean, and the day it was last reviewed. A leaf module (no node:fs), so
 * the web imports it (`@portal/domain/report/statements`).
 *
 * A statement's text may hold `{name}` slots for the person's own numbers; `statementText` fills them.
 * Asking for an id that is not here is a type error: a missing statement fails the build, not the page.
 */

export type EvidenceGrade = 'A' | 'B' | 'C' | 'D';

/** The scale, as the "How we grade evidence" page shows it. */
export const EVIDENCE_GRADES: Record<EvidenceGrade, { title: string; meaning: string }> = {
  A: {
    title: 'Strong',
    meaning: 'Human trials or pooled reviews of many studies agree.',
  },
  B: {
    title: 'Good',
    meaning: 'Several studies of people agree, but they watched people rather than tested a change.',
  },
  C: {
    title: 'Limited',
    meaning: 'One study of people, or studies of people that do not agree.',
  },
  D: {
    title: 'Early',
    meaning: 'Only lab or animal studies so far.',
  },
};

export type Citation = { label: string; doi: string };

export const CITATIONS = {
  gmwi2: {
    label: 'Chang, Gupta et al. Gut Microbiome Wellness Index 2. Nat Commun 2024',
    doi: '10.1038/s41467-024-51651-9',
  },
  gmhi: {
    label:
      'Gupta et al. A predictive index for health status using species-level gut microbiome profiling. Nat Commun 2020',
    doi: '10.1038/s41467-020-18476-8',
  },
  leChatelier: {
    label:
      'Le Chatelier et al. Richness of human gut microbiome correlates with metabolic markers. Nature 2013',
    doi: '10.1038/nature12506',
  },
  cotillard: {
    label: 'Cotillard et al. Dietary intervention impact on gut microbial gene richness. Nature 2013',
    doi: '10.1038/nature12480',
  },
  valdes: {
    label: 'Valdes et al. Role of the gut microbiota in nutrition and health. BMJ 2018',
    doi: '10.1136/bmj.k2179',
  },
  lloydPrice: {
    label: 'Lloyd-Price, Abu-Ali, Huttenhower. The healthy human microbiome. Genome Med 2016',
    doi: '10.1186/s13073-016-0307-y',
  },
  falony: {
    label: 'Falony et al. Population-level analysis of gut microbiome variation. Science 2016',
    doi: '10.1126/science.aad3503',
  },
  blandAltman: {
    label: 'Bland, Altman. Measurement error. BMJ 1996;313:744',
    doi: '10.1136/bmj.313.7059.744',
  },
  metaphlan3: {
    label:
      'Beghini et al. Integrating taxonomic, functional, and strain-level profiling of diverse microbial communities with bioBakery 3. eLife 2021',
    doi: '10.7554/eLife.65088',
  },
  hamilton: {
    label:
      'Hamilton et al. Clinical features of colorectal cancer before diagnosis: a population-based case-control study. Br J Cancer 2005',
    doi: '10.1038/sj.bjc.6602714',
  },
  mcDonald: {
    label:
      'McDonald et al. American Gut: an open platform for citizen science microbiome research. mSystems 2018',
    doi: '10.1128/mSystems.00031-18',
  },
  porcari: {
    label:
      'Porcari et al. International consensus statement on microbiome testing in clinical practice. Lancet Gastroenterol Hepatol 2025',
    doi: '10.1016/S2468-1253(24)00311-X',
  },
} as const satisfies Record<string, Citation>;

export type Statement = {
  text: string;
  grade: EvidenceGrade;
  citations: readonly Citation[];
  /** What the statement does not mean, in one line. */
  notMeaning: string;
  /** ISO date the statement and its sources were last checked. */
  reviewed: string;
};

const REVIEWED = '2026-11-29';

function entry(
  text: string,
  grade: EvidenceGrade,
  citations: readonly Citation[],
  notMeaning: string,
  reviewed = REVIEWED,
): Statement {
  return { text, grade, citations, notMeaning, reviewed };
}

const NOT_A_DIAGNOSIS = 'It is not a diagnosis, and it does not tell you whether you are ill.';
const C = CITATIONS;

export const STATEMENTS = {
  // What a place among healthy people means (the percentile readings and the findings).
  'percentile.lower': entry(
    'That is lower than most healthy people in our reference.',
    'B',
    [C.leChatelier, C.valdes],
    'It does not mean you are unwell. Many healthy people have low values.',
  ),
  'percentile.usual': entry(
    'That is in the usual range for healthy people in our reference.',
    'B',
    [C.leChatelier, C.valdes],
    'It does not mean your gut is healthy in every way.',
  ),
  'percentile.higher': entry(
    'That is higher than most healthy people in our reference.',
    'B',
    [C.leChatelier, C.valdes],
    'Higher is not always better, and it does not mean you are protected from illness.',
  ),
  'range.couldBeEither': entry(
    'A repeat sample could land in the next band over, so this result could be either.',
    'B',
    [C.blandAltman],
    'It does not mean the test failed. Gut samples vary from day to day.',
  ),
  'diversity.low': entry(
    'Studies link a wide mix of gut microbes with better health. A low mix is more common in people with weight and blood sugar problems.',
    'B',
    [C.leChatelier, C.cotillard, C.valdes],
    'It does not mean you have these problems, or that you will get them.',
  ),
  'diversity.usual': entry(
    'Your mix of gut microbes is like that of most healthy people.',
    'B',
    [C.leChatelier, C.valdes],
    'It does not rule out any illness.',
  ),
  'diversity.high': entry(
    'Studies link a wide mix of gut microbes with better health.',
    'B',
    [C.leChatelier, C.valdes],
    'It does not mean you are protected from illness.',
  ),
  'gmwi2.above': entry(
    'The microbes this index links with health outweigh those it links with disease.',
    'C',
    [C.gmwi2],
    NOT_A_DIAGNOSIS,
  ),
  'gmwi2.below': entry(
    'The microbes this index links with disease outweigh those it links with health.',
    'C',
    [C.gmwi2],
    NOT_A_DIAGNOSIS,
  ),
  'gmhi.above': entry(
    'Species that healthy people tend to have outweigh species that sick people tend to have.',
    'C',
    [C.gmhi],
    NOT_A_DIAGNOSIS,
  ),
  'gmhi.below': entry(
    'Species that sick people tend to have outweigh species that healthy people tend to have.',
    'C',
    [C.gmhi],
    NOT_A_DIAGNOSIS,
  ),
  'index.zero': entry(
    'Neither group of microbes outweighs the other.',
    'C',
    [C.gmwi2, C.gmhi],
    NOT_A_DIAGNOSIS,
  ),
  'index.research': entry(
    'This is a research index from a study of people with and without disease. It is not a diagnosis.',
    'C',
    [C.gmwi2, C.gmhi],
    'It does not say which illness, if any, you have.',
  ),
  'unknown.high': entry(
    'Much of your sample could not be matched to a known microbe. Your other results describe only the part that could.',
    'A',
    [C.metaphlan3],
    'It does not mean something is wrong with your gut.',
  ),
  'dominant.one': entry(
    'In most healthy adults no single microbe takes up so much of the gut. One microbe with a large share leaves less room for the rest.',
    'C',
    [C.lloydPrice, C.falony],
    'It does not mean the microbe is harmful, or that you are unwell.',
  ),
  'change.meaningful': entry(
    'This change is bigger than the usual gap between two samples from the same person.',
    'B',
    [C.blandAltman],
    'It does not say what caused the change, or whether it is good or bad for you.',
  ),
  'change.notMeaningful': entry(
    'This change is within the usual gap between two samples from the same person.',
    'B',
    [C.blandAltman],
    'It does not mean nothing changed in your gut.',
  ),
  'change.rule': entry(
    'We call a change meaningful only when it is bigger than the usual gap between two samples from the same person. 95 in 100 repeat samples stay within that gap.',
    'B',
    [C.blandAltman],
    'A change that is not meaningful may still be real. We just cannot tell it apart from day-to-day change.',
  ),
  'cannot.interpret': entry(
    'We cannot read this sample: no species were found in it. Please contact us about a new sample.',
    'A',
    [C.metaphlan3],
    'It does not mean your gut has no microbes.',
  ),
  'gp.first': entry(
    'You told us you saw blood in your stool sample. Please talk to your GP about this first. It matters more than anything in this report.',
    'B',
    [C.hamilton],
    'It does not mean you have a serious illness. Your GP can check what caused it.',
  ),
  'fibre.variety': entry(
    'People who eat many kinds of plants each week tend to have a wider mix of gut microbes.',
    'B',
    [C.mcDonald, C.cotillard],
    'It is general advice, not a treatment, and it does not promise a change in your results.',
  ),
  'report.notDiagnosis': entry(
    'This report tells you about your gut microbes; it is not a diagnosis. Talk to your doctor about any health concern.',
    'B',
    [C.porcari, C.valdes],
    'It does not mean your results are of no use. They describe your gut, not an illness.',
  ),
  'gmwi2.lead': entry(
    'Whether microbes linked with health outweigh those linked with disease',
    'C',
    [C.gmwi2],
    NOT_A_DIAGNOSIS,
  ),
  'gmhi.lead': entry(
    'Whether species found in healthy people outweigh those found in sick people',
    'C',
    [C.gmhi],
    NOT_A_DIAGNOSIS,
  ),
  'index.scaleLower': entry('More on the disease side', 'C', [C.gmwi2, C.gmhi], NOT_A_DIAGNOSIS),
  'index.scaleHigher': entry('More on the health side', 'C', [C.gmwi2, C.gmhi], NOT_A_DIAGNOSIS),
  'index.healthySide': entry(
    'The healthy range is above zero. There, microbes linked with health outweigh those linked with disease.',
    'C',
    [C.gmwi2],
    NOT_A_DIAGNOSIS,
  ),
  'indices.intro': entry(
    'These research scores weigh microbes linked with health against microbes linked with disease. They are not a diagnosis.',
    'C',
    [C.gmwi2, C.gmhi],
    'They do not say which illness, if any, you have.',
  ),
} as const satisfies Record<string, Statement>;

export type StatementId = keyof typeof STATEMENTS;

export function statement(id: StatementId): Statement {
  return STATEMENTS[id];
}

/** The statement's text with its `{slots}` filled from `values`. */
export function statementText(id: StatementId, values: Record<string, string | number> = {}): string {
  return STATEMENTS[id].text.replace(/\{(\w+)\}/g, (slot, name: string) => String(values[name] ?? slot));
}

export const doiUrl = (doi: string) => `https://doi.org/${doi}`;
