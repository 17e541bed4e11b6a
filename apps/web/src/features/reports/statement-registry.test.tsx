import { unregisteredInterpretations } from '@portal/domain/report/statements';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AtAGlance } from './components/at-a-glance.tsx';
import { DiversitySection } from './components/diversity-section.tsx';
import { IndicesSection } from './components/indices-section.tsx';
import { JOURNEY_TEXTS } from './journey-texts.ts';
import { EvidencePage } from './pages/evidence-page.tsx';
import { METRIC_LEADS, REPORT_TEXTS } from './report-texts.ts';
import { makeReport } from './reports.test-helpers.ts';

/** The rendered text a block at a time, as a reader sees it (textContent runs blocks together). */
const blocksOf = (root: HTMLElement) =>
  [...root.querySelectorAll('p, li, h1, h2, h3, dt, dd, th, td, caption, summary')]
    .map((element) => element.textContent ?? '')
    .join('\n');

describe('every interpretive sentence the report page renders is in the registry (issue 37)', () => {
  it('the findings, the score cards and the evidence page', () => {
    const report = makeReport();
    const { container } = render(
      <MemoryRouter>
        <AtAGlance summary={{ ...report.summary, gpFirst: true }} />
        <DiversitySection report={report} />
        <IndicesSection report={report} />
        <EvidencePage />
      </MemoryRouter>,
    );
    expect(unregisteredInterpretations(blocksOf(container))).toEqual([]);
  });

  it('every text of the journey section and of the report page, with sample values in their slots', () => {
    const sample = (text: unknown): string[] => {
      if (typeof text === 'string') return [text];
      // Each text function called with numbers and words in every slot, as the page would.
      if (typeof text === 'function') return [text(2, '1.40', '0.50', '3'), text('1.40', '0.50', 'below')];
      return [];
    };
    const all = [
      ...Object.values(JOURNEY_TEXTS),
      ...Object.values(REPORT_TEXTS),
      ...Object.values(METRIC_LEADS),
    ]
      .flatMap(sample)
      .join('\n');
    expect(unregisteredInterpretations(all)).toEqual([]);
  });

  it('catches a sentence that is not', () => {
    expect(unregisteredInterpretations('Your gut is better than most. Nothing to see.')).toEqual([]);
    expect(unregisteredInterpretations('Good microbes outweigh bad ones here.')).toEqual([
      'Good microbes outweigh bad ones here.',
    ]);
  });
});
