import { validateAnswer } from './answers.ts';
import type { AnswersByQuestionId, SurveyDefinition } from './definition.ts';
import { visibleQuestions } from './visibility.ts';

export type SurveyProgress = { totalQuestions: number; completedQuestions: number };

type Rules = Pick<SurveyDefinition, 'questions' | 'skipTriggers' | 'showTriggers'>;

const unstarted = new WeakMap<Rules, SurveyProgress>();

/**
 * Progress of one questionnaire over the questions currently shown, so 100% is always reachable.
 * A question is completed when its stored answer is valid. Optional questions count only once
 * answered: 100% means every shown compulsory question is answered, never "type something in the
 * optional comment box".
 */
export function surveyProgress(
  definition: Rules,
  answers: AnswersByQuestionId,
  now: Date = new Date(),
): SurveyProgress {
  // Most questionnaires of most kits are not started; their progress depends on the definition alone.
  if (Object.keys(answers).length === 0) {
    let progress = unstarted.get(definition);
    if (!progress) {
      progress = countProgress(definition, answers, now);
      unstarted.set(definition, progress);
    }
    return { ...progress };
  }
  return countProgress(definition, answers, now);
}

function countProgress(definition: Rules, answers: AnswersByQuestionId, now: Date): SurveyProgress {
  let totalQuestions = 0;
  let completedQuestions = 0;
  for (const question of visibleQuestions(definition, answers)) {
    const record = answers[question.questionId];
    const completed = !!record && validateAnswer(question, record, now).ok;
    if (completed) completedQuestions += 1;
    if (completed || question.compulsory) totalQuestions += 1;
  }
  return { totalQuestions, completedQuestions };
}

/** The kit's overall progress bar (research §2): completed over total questions, as a whole percent. */
export function overallProgress(stats: readonly SurveyProgress[]): SurveyProgress & { percent: number } {
  let totalQuestions = 0;
  let completedQuestions = 0;
  for (const s of stats) {
    totalQuestions += s.totalQuestions;
    completedQuestions += Math.min(s.completedQuestions, s.totalQuestions);
  }
  // Rounded down, so 100% shows only when everything is done.
  const percent = totalQuestions === 0 ? 0 : Math.floor((completedQuestions * 100) / totalQuestions);
  return { totalQuestions, completedQuestions, percent };
}
