import { describe, expect, it } from 'vitest';
import { buildReport, reportValues } from './build-report.ts';
import { gmhiDivisorText, gmwi2WeightsText } from './explain-texts.ts';
import { buildJourney, healthyBands, JOURNEY_BREAK_NOTE, type JourneySample } from './journey.ts';
import { journeyMoversText } from './journey-movers.ts';
import { journeyNotes } from './journey-notes.ts';
import { MEANINGFUL_CHANGE_RULE, MEANINGFUL_CHANGE_SOURCE } from './meaningful-change.ts';
import { parseMetaphlanProfile } from './profile.ts';
import { percentileExplanation, scoreNotes } from './readings.ts';
import { statementText } from './statements.ts';
import { profileStems, readFixture } from './test-fixtures.ts';
import { reportTaxa, uncoveredText } from './text-coverage.ts';
import { REFERENCE_DETAILS } from './uncertainty.ts';

/*
 * Issue 37 item 2, at the source: every text the domain writes for the page, the PDF and the journey, on
 * every real profile of the test data, is a registry statement or a plain text listed on purpose. The page,
 * the PDF and the emails are checked as rendered by their own tests (apps/web, apps/api).
 */

const PROFILES = [
  'gmwi2/SRR1761667_metaphlan.txt',
  ...profileStems('gmwi2/kefir').map((stem) => `gmwi2/kefir/${stem}_metaphlan.txt`),
  ...profileStems('gmwi2/unscored').map((stem) => `gmwi2/unscored/${stem}_metaphlan.txt`),
  'edge/metaphlan2.txt',
  'edge/metaphlan3-small.txt',
  'edge/metaphlan4-sgb.txt',
  'edge/metaphlan4-vjan21.txt',
  'edge/metaphlan4-voct22-gmhi.txt',
];

const build = (path: string, previous: Parameters<typeof buildReport>[1] = {}) =>
  buildReport(parseMetaphlanProfile(readFixture(path)), previous);

type Built = ReturnType<typeof build>;

/** Every text the domain gives the page and the PDF for one report. */
function textsOf(report: Built): string[] {
  const summary = report.summary;
  return [
    ...summary.findings.flatMap((f) => [
      f.found,
      statementText(f.means),
      f.couldBeEither ? statementText('range.couldBeEither') : '',
    ]),
    summary.interpretable ? '' : statementText(summary.reason),
    ...Object.values(report.diversity).map((r) => r.reading),
    ...Object.values(report.indices).map((r) => r.reading),
    ...(['richness', 'shannon', 'inverseSimpson', 'evenness', 'gmwi2', 'gmhi'] as const).flatMap((key) => {
      const notes = scoreNotes(report, key);
      return [notes.caveat ?? '', notes.percentileCaveat ?? '', notes.citation ?? ''];
    }),
    percentileExplanation(report.reference.size),
    REFERENCE_DETAILS.healthyMeant,
    report.gmwi2Contributions
      ? gmwi2WeightsText(report.gmwi2Contributions.taxa.length, report.gmwi2Contributions.score.toFixed(3))
      : '',
    ...(report.gmhiExplanation
      ? [report.gmhiExplanation.healthPrevalent, report.gmhiExplanation.healthScarce].map(gmhiDivisorText)
      : []),
  ];
}

describe('every text the domain writes is in the registry or listed as plain (issue 37)', () => {
  it.each(PROFILES)('%s', (path) => {
    const report = build(path);
    expect(uncoveredText(textsOf(report).join('\n'), reportTaxa(report))).toEqual([]);
  });

  it('the journey of one person (three kefir samples), with the change finding and its notes', () => {
    const stems = ['Subj030_time1_S18', 'Subj030_time2_S19', 'Subj030_time3_S20'];
    const reports = stems.map((stem) => build(`gmwi2/kefir/${stem}_metaphlan.txt`));
    const samples: JourneySample[] = reports.map((report, i) => ({
      sampleIdentifier: `MBK${i + 1}`,
      name: `Kit ${i + 1}`,
      displayDate: `2026-0${i + 1}-15`,
      database: report.database,
      values: reportValues(report),
      species: report.composition.species,
      notes: journeyNotes([
        { questionId: 'DOS_ANTIBIOTICS', answerString: 'true' },
        { questionId: 'DOS_DIET_TYPICAL', answerString: 'false' },
        { questionId: 'FOOD_DIET_CHANGED', answerString: 'true' },
        { questionId: 'DOS_UNWELL', answerString: 'true' },
        { questionId: 'DOS_TRAVEL', answerString: 'true' },
      ]),
    }));
    const journey = buildJourney(samples);
    const later = reports.map((report, i) =>
      i === 0
        ? report
        : build(`gmwi2/kefir/${stems[i]}_metaphlan.txt`, {
            previous: {
              displayDate: samples[i - 1]?.displayDate ?? null,
              values: reportValues(reports[i - 1] ?? report),
            },
          }),
    );
    const texts = [
      journey.rule,
      journey.source,
      MEANINGFUL_CHANGE_RULE,
      MEANINGFUL_CHANGE_SOURCE,
      JOURNEY_BREAK_NOTE,
      ...Object.values(healthyBands()).map((band) => band?.note ?? ''),
      journeyMoversText(journey, (iso) => iso) ?? '',
      journeyMoversText({ compared: null, points: [1, 2] }, (iso) => iso) ?? '',
      ...samples.flatMap((s) => s.notes),
      ...later.flatMap((report) =>
        report.summary.findings.map((f) => `${f.found} ${statementText(f.means)}`),
      ),
    ];
    const data = [...samples.flatMap((s) => [s.name, s.sampleIdentifier]), ...reports.flatMap(reportTaxa)];
    expect(later.some((r) => r.summary.findings.some((f) => f.key === 'change'))).toBe(true);
    expect(uncoveredText(texts.join('\n'), data)).toEqual([]);
  });
});

describe('the check itself', () => {
  const report = build('gmwi2/SRR1761667_metaphlan.txt');
  const texts = textsOf(report).join('\n');

  it('reports a sentence that is in neither list, wherever it is', () => {
    const added = 'Your gut looks balanced for your age.';
    expect(uncoveredText(`${added}\n${texts}`, reportTaxa(report))).toEqual([added]);
    expect(uncoveredText(`${texts} ${added}`, reportTaxa(report))).toEqual([added]);
  });

  it('reports a registry statement said in other words, even one made of listed labels', () => {
    expect(uncoveredText('Good microbes outweigh bad ones here.')).toEqual([
      'Good microbes outweigh bad ones here.',
    ]);
    expect(uncoveredText('Species richness is healthy.').join(' ')).toContain('is healthy.');
  });

  it('takes a registry statement, a plain text and the data whole', () => {
    expect(uncoveredText(statementText('percentile.lower'))).toEqual([]);
    expect(uncoveredText('Your Shannon diversity is 1.74.')).toEqual([]);
    expect(uncoveredText('Your Shannon diversity is high.').join(' ')).toContain('is high.');
    expect(uncoveredText('Bacteroides dorei', ['Bacteroides dorei'])).toEqual([]);
  });
});
