import type { Journey, JourneyPoint } from '@portal/domain/report';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { makeReport } from '../reports.test-helpers.ts';
import { Gmwi2MoversPart } from './gmwi2-movers.tsx';
import { JourneyMovers } from './journey-movers.tsx';
import { JourneyTable } from './journey-table.tsx';
import { ScoreWhy } from './score-why.tsx';

const values = {
  richness: 61,
  shannon: 1.74,
  inverseSimpson: 3.57,
  evenness: 0.42,
  gmwi2: -0.647,
  gmhi: -3.076,
};
const none = { richness: null, shannon: null, inverseSimpson: null, evenness: null, gmwi2: null, gmhi: null };
const point = (id: string, date: string, extra: Partial<JourneyPoint> = {}): JourneyPoint => ({
  sampleIdentifier: id,
  name: id,
  displayDate: date,
  database: 'mpa_v30_CHOCOPhlAn_201901',
  values,
  notes: [],
  newDatabase: false,
  changes: none,
  ...extra,
});
const band = { low: 1, high: 2, note: 'middle half' };
const journey: Journey = {
  points: [
    point('MBK1', '2026-01-01'),
    point('MBK2', '2026-04-01', {
      values: { ...values, gmwi2: 1.2 },
      notes: ['Antibiotics in the last 3 months'],
      changes: { ...none, gmwi2: { delta: 1.847, meaningful: true } },
    }),
    point('MBK3', '2026-07-01', { newDatabase: true, database: 'mpa_vJan21_CHOCOPhlAnSGB_202103' }),
  ],
  bands: { richness: band, shannon: band, inverseSimpson: band, evenness: band, gmwi2: null, gmhi: band },
  thresholds: { richness: 59, shannon: 1.8, inverseSimpson: 6.5, evenness: 0.4, gmwi2: 1.49, gmhi: 3.08 },
  rule: 'rule',
  source: 'source',
  compared: {
    before: {
      sampleIdentifier: 'MBK1',
      name: 'Spring kit',
      displayDate: '2026-01-01',
      database: 'mpa_v30_CHOCOPhlAn_201901',
    },
    after: {
      sampleIdentifier: 'MBK2',
      name: 'Summer kit',
      displayDate: '2026-04-01',
      database: 'mpa_v30_CHOCOPhlAn_201901',
    },
  },
  rose: [{ name: 'Up', label: 'Up species', before: 1, after: 11, change: 10 }],
  fell: [],
};

describe('the journey table (the charts’ text alternative)', () => {
  it('lists every sample with its scores, meaningful changes, notes, the database break and the bands', () => {
    render(<JourneyTable journey={journey} />);
    const table = screen.getByRole('table', { name: JOURNEY_TEXTS.tableCaption });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[2]).toHaveTextContent('1 April 2026');
    expect(rows[2]).toHaveTextContent('1.200 (meaningful change)');
    expect(rows[2]).toHaveTextContent('Antibiotics in the last 3 months');
    expect(rows[3]).toHaveTextContent('not directly comparable');
    expect(rows[4]).toHaveTextContent(JOURNEY_TEXTS.bandRow);
    expect(rows[4]).toHaveTextContent('1.00 to 2.00');
  });

  it('names the two samples compared, shows the species that rose, and says when none fell', () => {
    render(<JourneyMovers journey={journey} />);
    expect(
      screen.getByText(
        /^Species compared between Spring kit \(sample MBK1, 1 January 2026\) and your latest, Summer kit \(sample MBK2, 1 April 2026\)/,
      ),
    ).toBeVisible();
    const rose = screen.getByRole('table', { name: JOURNEY_TEXTS.roseCaption });
    expect(within(rose).getByRole('row', { name: /Up species/ })).toHaveTextContent('+10.000');
    expect(screen.getByText(JOURNEY_TEXTS.noneFell)).toBeVisible();
  });

  it('compares no species across a lab database break, and says why (issue 33 item 17)', () => {
    render(<JourneyMovers journey={{ ...journey, compared: null, rose: [], fell: [] }} />);
    expect(screen.getByText(/^Your latest sample was analysed with a newer lab database/)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('why my scores are what they are', () => {
  it('opens GMWI2 as its weights grouped by health and disease, GMHI as its terms, and the reference set', async () => {
    const report = makeReport({
      gmwi2Contributions: {
        score: 0.25,
        intercept: 0,
        taxa: [
          {
            lineage: 'k__Bacteria|g__Good',
            coefficient: 0.5,
            linkedWith: 'health',
            percent: 2,
          },
          {
            lineage: 'k__Bacteria|g__Bad',
            coefficient: -0.25,
            linkedWith: 'disease',
            percent: 1,
          },
        ],
        // Groups carry their heading and sum only; their taxa are read from `taxa` (decision 027).
        groups: [
          { linkedWith: 'health', title: 'Linked with health', subtotal: 0.5 },
          { linkedWith: 'disease', title: 'Linked with disease', subtotal: -0.25 },
        ],
      },
      gmhiExplanation: null,
      reference: {
        name: 'GMWI web tool reference set',
        size: 2754,
      },
    });
    render(<ScoreWhy report={report} />);
    await userEvent.click(screen.getByText(JOURNEY_TEXTS.whyGmwi2('-0.647')));
    expect(
      screen.getByRole('table', { name: 'Linked with health: 1 microbe, together +0.500' }),
    ).toBeVisible();
    expect(screen.getByRole('row', { name: /Good/ })).toHaveTextContent('+0.500');
    const disease = screen.getByRole('table', { name: 'Linked with disease: 1 microbe, together −0.250' });
    expect(within(disease).getByRole('row', { name: /Bad/ })).toHaveTextContent('−0.250');
    expect(within(disease).queryByRole('row', { name: /Good/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText(JOURNEY_TEXTS.whyPercentiles));
    expect(screen.getByText(/GMWI web tool reference set: 2,754 people/)).toBeVisible();
  });
});

describe('why GMHI divides by 31 (issue 33 item 21)', () => {
  it('says which count each list is divided by, and why', async () => {
    const group = (linkedWith: 'health' | 'disease', listed: number, divisor: number) => ({
      linkedWith,
      title: linkedWith === 'health' ? 'Linked with health' : 'Linked with disease',
      present: 1,
      listed,
      divisor,
      entropy: 0.3,
      psi: 0.3 / divisor,
      species: [],
    });
    const report = makeReport({
      gmhiExplanation: {
        score: -0.5,
        pseudocount: 0.00001,
        healthPrevalent: group('health', 7, 7),
        healthScarce: group('disease', 43, 31),
      },
    });
    render(<ScoreWhy report={report} />);
    await userEvent.click(screen.getByText(/^Why is my GMHI/));
    expect(screen.getByText('Linked with disease: 1 of 43 species found')).toBeVisible();
    expect(
      screen.getByText(/^The count of species found is divided by 31, not by the 43 in the list/),
    ).toBeVisible();
    expect(screen.getByText(/That number is 7 for the 7 health-prevalent species\.$/)).toBeVisible();
  });
});

describe('what moved my GMWI2', () => {
  it('lists the microbes that appeared or disappeared with their effect on the score', () => {
    render(
      <Gmwi2MoversPart
        movers={{
          before: -0.647,
          after: 0.047,
          difference: 0.694,
          movers: [
            {
              lineage: 'k__Bacteria|s__Good',
              label: 'Good',
              rank: 's',
              coefficient: 0.9,
              linkedWith: 'health',
              change: 'appeared',
              delta: 0.9,
            },
            {
              lineage: 'k__Bacteria|s__Bad',
              label: 'Bad',
              rank: 's',
              coefficient: -0.206,
              linkedWith: 'disease',
              change: 'disappeared',
              delta: 0.206,
            },
          ],
        }}
      />,
    );
    expect(screen.getByText(/from -0.647 to 0.047 \(\+0.694\)/)).toBeVisible();
    const table = screen.getByRole('table', { name: JOURNEY_TEXTS.moversCaption });
    expect(within(table).getByRole('row', { name: /Good/ })).toHaveTextContent('appeared+0.900');
    expect(within(table).getByRole('row', { name: /Bad/ })).toHaveTextContent('disappeared+0.206');
  });
});
