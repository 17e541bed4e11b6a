import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport } from './build-report.ts';
import { gmhiDivisorText, gmwi2WeightsText } from './explain-texts.ts';
import { parseMetaphlanProfile } from './profile.ts';
import { uncoveredText } from './text-coverage.ts';

/* Issue 33 item 21: explanations that said "5 of 43 species found", then divided by 31 with no word why. */

const report = buildReport(
  parseMetaphlanProfile(
    fs.readFileSync(
      new URL('../../test-data/report/gmwi2/kefir/Subj030_time3_S20_metaphlan.txt', import.meta.url),
      'utf8',
    ),
  ),
);

describe('the GMHI explanation says why it divides by 31 (issue 33 item 21)', () => {
  it('names both lists, the count used and where it comes from', () => {
    const g = report.gmhiExplanation;
    if (!g) throw new Error('the kefir sample has a GMHI');
    const scarce = gmhiDivisorText(g.healthScarce);
    expect(scarce).toContain('divided by 31, not by the 43 in the list');
    expect(scarce).toContain('4,347 samples');
    expect(scarce).toContain('median count');
    expect(scarce).toContain('31 for the 43 health-scarce species');
    const prevalent = gmhiDivisorText(g.healthPrevalent);
    expect(prevalent).toContain('divided by 7:');
    expect(prevalent).not.toContain('not by');
    expect(prevalent).toContain('7 for the 7 health-prevalent species');
    expect(uncoveredText(`${scarce} ${prevalent}`)).toEqual([]);
  });

  it('says one weight in the singular, and none in words', () => {
    expect(gmwi2WeightsText(1, '0.047')).toBe('The one weight below makes your score, 0.047.');
    expect(gmwi2WeightsText(1, '0.047')).not.toMatch(/\b1 weights\b/);
    expect(gmwi2WeightsText(12, '1.400')).toBe('The 12 weights below add up to your score, 1.400.');
    expect(gmwi2WeightsText(0, '0.000')).toMatch(/^No microbe the model weighs was found/);
  });
});
