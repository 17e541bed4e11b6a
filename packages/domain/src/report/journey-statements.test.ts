import { describe, expect, it } from 'vitest';
import { buildJourney, healthyBands, JOURNEY_BREAK_NOTE } from './journey.ts';
import { MEANINGFUL_CHANGE_RULE, MEANINGFUL_CHANGE_SOURCE } from './meaningful-change.ts';
import { statementText } from './statements.ts';
import { uncoveredText } from './text-coverage.ts';

describe('the journey’s interpretive sentences are in the registry (issue 37)', () => {
  it('the rule, its source, the bands and the break note', () => {
    const journey = buildJourney([]);
    const texts = [
      journey.rule,
      journey.source,
      MEANINGFUL_CHANGE_SOURCE,
      JOURNEY_BREAK_NOTE,
      ...Object.values(healthyBands()).map((band) => band?.note ?? ''),
    ];
    expect(uncoveredText(texts.join('\n'))).toEqual([]);
    expect(MEANINGFUL_CHANGE_RULE.startsWith(statementText('change.rule'))).toBe(true);
  });

  it('would catch the rule in its own words', () => {
    expect(uncoveredText('A change is meaningful only when it is larger than the usual difference.')).toEqual(
      ['A change is meaningful only when it is larger than the usual difference.'],
    );
  });
});
