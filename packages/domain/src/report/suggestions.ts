import type { ReportSummary } from './at-a-glance.ts';
import { STATEMENTS, type StatementId } from './statements.ts';

/*
 * What people can do, within what the evidence supports (issue 37, item 3): general, non-therapeutic
 * suggestions (no product, supplement or treatment), each a registry statement, shown only for a finding
 * whose meaning is graded A or B. A red-flag answer puts "talk to your GP" before everything else.
 */

/** Questionnaire answers that call for a doctor before any reading of the report. */
export const RED_FLAG_ANSWERS = [{ questionId: 'STOOL_BLOOD_VISIBLE', when: 'true' }] as const;

export function hasRedFlag(answers: readonly { questionId: string; answerString: string | null }[]): boolean {
  return answers.some((a) =>
    RED_FLAG_ANSWERS.some((flag) => flag.questionId === a.questionId && a.answerString?.trim() === flag.when),
  );
}

/** The suggestion each finding's meaning allows, if any. */
const SUGGESTION_FOR: Partial<Record<StatementId, StatementId>> = {
  'diversity.low': 'fibre.variety',
  'diversity.usual': 'fibre.variety',
  'diversity.high': 'fibre.variety',
};

const WELL_SUPPORTED = new Set(['A', 'B']);

/** The suggestions of a summary, each once, only where both the finding and the suggestion are A or B. */
export function suggestionsOf(summary: ReportSummary): StatementId[] {
  if (!summary.interpretable) return [];
  const ids = summary.findings.flatMap((f) => {
    const suggestion = SUGGESTION_FOR[f.means];
    if (!suggestion) return [];
    const graded =
      WELL_SUPPORTED.has(STATEMENTS[f.means].grade) && WELL_SUPPORTED.has(STATEMENTS[suggestion].grade);
    return graded ? [suggestion] : [];
  });
  return [...new Set(ids)];
}
