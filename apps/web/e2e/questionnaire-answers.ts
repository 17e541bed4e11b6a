import type { APIRequestContext } from '@playwright/test';
import {
  type AnswerRecord,
  indexAnswers,
  QUESTIONNAIRE_ORDER,
  SURVEY_SLUGS,
  type SurveyDefinition,
  type SurveyQuestion,
  visibleQuestions,
} from '@portal/domain';
import { expect, type TestUser } from './fixtures.ts';

/** A valid answer to any question: the first option, No, the minimum, last week or a few words. */
function typicalAnswer(question: SurveyQuestion): AnswerRecord {
  const record = { questionId: question.questionId, answers: [] as number[], answerString: null };
  switch (question.answerType) {
    case 'SINGLE_OPTION':
    case 'MULTI_OPTION':
      return { ...record, answers: [question.answers[0]?.id ?? 0] };
    case 'BOOLEAN':
      return { ...record, answerString: 'false' };
    case 'DATE':
      return { ...record, answerString: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) };
    case 'TEXT':
      return { ...record, answerString: 'Nothing to add' };
    default:
      return { ...record, answerString: String(question.min ?? 1) };
  }
}

/**
 * Answers every shown compulsory question of every questionnaire of a kit through the answer save, as
 * the person (signed in with their own email and password), asking the domain's rules which question
 * shows next.
 */
export async function answerEveryQuestionnaire(request: APIRequestContext, user: TestUser, kitId: number) {
  const signIn = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { access_token } = (await signIn.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  for (const type of QUESTIONNAIRE_ORDER) {
    const response = await request.get(`/api/surveys/${SURVEY_SLUGS[type]}`, { headers });
    expect(response.status(), await response.text()).toBe(200);
    const definition = (await response.json()) as SurveyDefinition;
    const answers: AnswerRecord[] = [];
    let progress = { totalQuestions: -1, completedQuestions: 0 };
    for (;;) {
      const index = indexAnswers(answers);
      const next = visibleQuestions(definition, index).find((q) => q.compulsory && !index[q.questionId]);
      if (!next) break;
      const answer = typicalAnswer(next);
      const saved = await request.put(`/api/kits/${kitId}/surveys/${type}`, { headers, data: answer });
      expect(saved.status(), `${type} ${next.questionId}: ${await saved.text()}`).toBe(200);
      ({ progress } = (await saved.json()) as { progress: typeof progress });
      answers.push(answer);
    }
    expect(progress.completedQuestions, `${type} complete`).toBe(progress.totalQuestions);
  }
}
