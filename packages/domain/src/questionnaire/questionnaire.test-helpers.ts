import type { AnswerRecord, SurveyDefinition, SurveyQuestion } from './definition.ts';

/** A question with sensible defaults; options are given as [id, label] pairs. */
export function makeQuestion(
  id: number,
  questionId: string,
  answerType: SurveyQuestion['answerType'] = 'BOOLEAN',
  extra: Partial<Omit<SurveyQuestion, 'answers'>> & { options?: [number, string][] } = {},
): SurveyQuestion {
  const { options = [], ...rest } = extra;
  return {
    id,
    questionId,
    question: `Question ${questionId}?`,
    answerType,
    answers: options.map(([optionId, answer]) => ({ id: optionId, answer })),
    questionNumber: id,
    min: null,
    max: null,
    compulsory: true,
    ...rest,
  };
}

export function makeDefinition(parts: Partial<SurveyDefinition> & Pick<SurveyDefinition, 'questions'>) {
  return {
    surveyType: 'DAY_OF_SAMPLING',
    version: 1,
    title: 'Test',
    description: 'A test questionnaire.',
    howTo: 'Answer every question.',
    estimate: '5-10 min',
    sections: {},
    skipTriggers: [],
    showTriggers: [],
    ...parts,
  } satisfies SurveyDefinition;
}

/** Answers keyed by questionId: strings become answerString, number arrays option ids. */
export function answersOf(
  values: Readonly<Record<string, string | readonly number[]>>,
): Record<string, AnswerRecord> {
  return Object.fromEntries(
    Object.entries(values).map(([questionId, v]) => [
      questionId,
      typeof v === 'string'
        ? { questionId, answers: [], answerString: v }
        : { questionId, answers: [...v], answerString: null },
    ]),
  );
}
