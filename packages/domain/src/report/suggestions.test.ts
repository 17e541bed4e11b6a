import { describe, expect, it } from 'vitest';
import type { ReportSummary } from './at-a-glance.ts';
import { STATEMENTS } from './statements.ts';
import { hasRedFlag, suggestionsOf } from './suggestions.ts';

const finding = (means: 'diversity.low' | 'gmwi2.below') => ({
  key: 'richness' as const,
  found: 'We found 20 species in your sample.',
  means,
  couldBeEither: false,
  section: 'report-diversity' as const,
});

describe('suggestions (issue 37, item 3)', () => {
  it('offers the fibre-variety suggestion for a diversity finding graded B, once', () => {
    const summary: ReportSummary = {
      interpretable: true,
      findings: [finding('diversity.low'), finding('diversity.low')],
    };
    expect(suggestionsOf(summary)).toEqual(['fibre.variety']);
    expect(STATEMENTS['fibre.variety'].grade).toBe('B');
  });

  it('offers nothing for a finding graded C (the indices), nor for a sample that cannot be read', () => {
    expect(suggestionsOf({ interpretable: true, findings: [finding('gmwi2.below')] })).toEqual([]);
    expect(suggestionsOf({ interpretable: false, reason: 'cannot.interpret', findings: [] })).toEqual([]);
  });

  it('names no product, supplement or treatment', () => {
    for (const id of ['fibre.variety', 'gp.first'] as const)
      expect(STATEMENTS[id].text).not.toMatch(/probiotic|supplement|capsule|pill|brand|treat/i);
  });

  it('flags visible blood in the stool sample, and nothing else', () => {
    expect(hasRedFlag([{ questionId: 'STOOL_BLOOD_VISIBLE', answerString: 'true' }])).toBe(true);
    expect(hasRedFlag([{ questionId: 'STOOL_BLOOD_VISIBLE', answerString: 'false' }])).toBe(false);
    expect(hasRedFlag([{ questionId: 'DOS_UNWELL', answerString: 'true' }])).toBe(false);
  });
});
