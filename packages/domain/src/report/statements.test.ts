import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_GRADES, STATEMENTS, type StatementId, statementText } from './statements.ts';

/** Flesch–Kincaid grade of a text, counted by the flesch-kincaid and syllable packages. */
function grade(text: string): number {
  const sentences = text.split(/[.!?]+(?:\s|$)/).filter((s) => s.trim() !== '').length || 1;
  const words = text.match(/[A-Za-z0-9'’-]+/g) ?? [];
  return fleschKincaid({ sentence: sentences, word: words.length, syllable: syllable(text) });
}

const IDS = Object.keys(STATEMENTS) as StatementId[];

describe('the statement registry (issue 37)', () => {
  it.each(IDS)('%s has a grade, a DOI citation, what it does not mean and a review date', (id) => {
    const s = STATEMENTS[id];
    expect(Object.keys(EVIDENCE_GRADES)).toContain(s.grade);
    expect(s.citations.length).toBeGreaterThan(0);
    for (const c of s.citations) expect(c.doi).toMatch(/^10\.\d{4,9}\/\S+$/);
    expect(s.notMeaning).toMatch(/\.$/);
    expect(s.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each(IDS)('%s reads at grade 8 or below (Flesch–Kincaid), and so does what it does not mean', (id) => {
    const s = STATEMENTS[id];
    expect(grade(statementText(id, { value: '1.40' }))).toBeLessThanOrEqual(8);
    expect(grade(s.notMeaning)).toBeLessThanOrEqual(8);
  });

  it('takes only a registry id: a statement that is not in the registry fails the build, not the page', () => {
    // @ts-expect-error 'gut.great' is no StatementId: typecheck fails here if statementText ever takes a string.
    expect(() => statementText('gut.great')).toThrow();
    expect(statementText('percentile.usual')).toBe(STATEMENTS['percentile.usual'].text);
  });

  it('measures grade as the formula does: a hard sentence scores above 8', () => {
    expect(
      grade(
        'Interindividual heterogeneity of microbiological compositional characteristics substantially complicates epidemiological interpretation.',
      ),
    ).toBeGreaterThan(8);
  });
});
