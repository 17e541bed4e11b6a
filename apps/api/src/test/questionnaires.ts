import {
  type AnswerRecord,
  indexAnswers,
  type SurveyDefinition,
  type SurveyQuestion,
  surveyProgress,
  validateAnswer,
  visibleQuestions,
} from '@portal/domain';
import type { Db } from '../db/client.ts';
import { surveyAnswers } from '../db/schema/index.ts';
import { answerClock, surveyCatalog } from '../features/surveys/catalog.ts';
import { storeProgress } from '../features/surveys/progress.ts';

/** A valid answer to any question: first option, 'false', the minimum, yesterday, or a word. */
function typicalAnswer(q: SurveyQuestion): AnswerRecord {
  switch (q.answerType) {
    case 'SINGLE_OPTION':
    case 'MULTI_OPTION':
      return { questionId: q.questionId, answers: [q.answers[0]?.id ?? 0], answerString: null };
    case 'BOOLEAN':
      return { questionId: q.questionId, answers: [], answerString: 'false' };
    case 'DATE':
      return { questionId: q.questionId, answers: [], answerString: '2026-01-02' };
    case 'TEXT':
      return { questionId: q.questionId, answers: [], answerString: 'Nothing to add' };
    default:
      return { questionId: q.questionId, answers: [], answerString: String(q.min ?? 1) };
  }
}

/** Typical answers to every shown compulsory question of a questionnaire, checked to complete it. */
export function completeAnswers(definition: SurveyDefinition): AnswerRecord[] {
  const answers: AnswerRecord[] = [];
  for (let guard = 0; guard < 500; guard++) {
    const index = indexAnswers(answers);
    const next = visibleQuestions(definition, index).find((q) => q.compulsory && !index[q.questionId]);
    if (!next) break;
    const answer = typicalAnswer(next);
    if (!validateAnswer(next, answer, answerClock()).ok)
      throw new Error(`no typical answer for ${next.questionId}`);
    answers.push(answer);
  }
  const progress = surveyProgress(definition, indexAnswers(answers), answerClock());
  if (progress.completedQuestions !== progress.totalQuestions)
    throw new Error(`${definition.surveyType} not complete`);
  return answers;
}

/**
 * Answers every shown compulsory question of every questionnaire of a kit, straight into the database,
 * and stores each questionnaire's figures on the kit as a save would (decision 029).
 */
export async function completeQuestionnaires(db: Db, kitId: number) {
  for (const [type, definition] of surveyCatalog()) {
    const answers = completeAnswers(definition);
    if (!answers.length) continue;
    await db
      .insert(surveyAnswers)
      .values(answers.map((a) => ({ kitId, surveyType: type, ...a, definitionVersion: definition.version })));
    const progress = surveyProgress(definition, indexAnswers(answers), answerClock());
    await storeProgress(db, kitId, type, definition, progress);
  }
}
