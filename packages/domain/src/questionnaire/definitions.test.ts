import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { latestAnswerDate, validateAnswer } from './answers.ts';
import {
  type AnswerRecord,
  hasOptions,
  isNumberLike,
  type SurveyDefinition,
  type SurveyQuestion,
  surveyDefinitionSchema,
} from './definition.ts';
import { surveyProgress } from './progress.ts';
import { answersOf } from './questionnaire.test-helpers.ts';
import { QUESTIONNAIRE_ORDER, STOOL_SURVEY, SURVEY_ESTIMATES, SURVEY_SLUGS } from './survey-types.ts';
import { visibleQuestions } from './visibility.ts';

/** The published questionnaires (definition-files.ts loads them for the API). */
const folder = new URL('./definitions/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
const loaded = files.map((name) => ({
  name,
  json: JSON.parse(readFileSync(new URL(name, folder), 'utf8')) as unknown,
}));
const definitions = loaded.map(({ name, json }) => {
  const parsed = surveyDefinitionSchema.safeParse(json);
  return { name, definition: parsed.success ? parsed.data : null, error: parsed.error };
});
const byType = new Map(definitions.map((d) => [d.definition?.surveyType, d.definition]));
const now = new Date();

type Answers = Record<string, AnswerRecord>;
type Policy = (q: SurveyQuestion) => AnswerRecord;

const record = (q: SurveyQuestion, answers: number[], answerString: string | null = null): AnswerRecord => ({
  questionId: q.questionId,
  answers,
  answerString,
});
const optionIds = (q: SurveyQuestion) => q.answers.map((o) => o.id);
/** Answer policies of a participant filling the whole questionnaire in. */
const POLICIES: Record<string, Policy> = {
  'yes and first options': (q) => typical(q, 'true', (ids) => ids.slice(0, 1), q.min ?? 0),
  'no and last options': (q) => typical(q, 'false', (ids) => ids.slice(-1), q.max ?? 1),
  'yes and every option': (q) =>
    typical(q, 'true', (ids) => (q.answerType === 'MULTI_OPTION' ? ids : ids.slice(0, 1)), q.max ?? 1),
};
function typical(q: SurveyQuestion, yesNo: string, pick: (ids: number[]) => number[], n: number) {
  if (hasOptions(q.answerType)) return record(q, pick(optionIds(q)));
  if (q.answerType === 'BOOLEAN') return record(q, [], yesNo);
  if (q.answerType === 'DATE') return record(q, [], latestAnswerDate(now));
  if (q.answerType === 'TEXT') return record(q, [], 'An example answer');
  return record(q, [], String(n));
}

/** Answers each next unanswered visible question in turn, the way a participant works down the page. */
function fillIn(definition: SurveyDefinition, policy: Policy): Answers {
  const answers: Answers = {};
  for (const _ of definition.questions) {
    const next = visibleQuestions(definition, answers).find((q) => !answers[q.questionId]);
    if (!next) break;
    answers[next.questionId] = policy(next);
  }
  return answers;
}

/** Answers that show `target`: each show trigger on its way is answered with its trigger value. */
function answersShowing(
  definition: SurveyDefinition,
  target: SurveyQuestion,
  answers: Answers = {},
): Answers {
  const trigger = definition.showTriggers.find((t) => t.showQuestionId === target.questionId);
  if (!trigger) return answers;
  const from = definition.questions.find((q) => q.questionId === trigger.questionId);
  if (!from) return answers;
  const value = trigger.triggerValue;
  const earlier = answers[from.questionId]?.answers ?? [];
  answers[from.questionId] = hasOptions(from.answerType)
    ? record(from, from.answerType === 'MULTI_OPTION' ? [...earlier, Number(value)] : [Number(value)])
    : record(from, [], value);
  return answersShowing(definition, from, answers);
}

describe('questionnaire definition files', () => {
  it('publish every study questionnaire and the stool-sample one', () => {
    expect([...byType.keys()].sort()).toEqual([...QUESTIONNAIRE_ORDER, STOOL_SURVEY.surveyType].sort());
  });

  it.each(definitions.map((d) => [d.name, d]))('%s parses with the definition schema', (_, d) => {
    expect(d.error?.issues ?? []).toEqual([]);
  });
});

describe.each(definitions.flatMap(({ name, definition }) => (definition ? [{ name, definition }] : [])))(
  '$name',
  ({ name, definition }) => {
    const keys = new Map(definition.questions.map((q) => [q.questionId, q]));
    const type = definition.surveyType as keyof typeof SURVEY_SLUGS;
    const stool = definition.surveyType === STOOL_SURVEY.surveyType;

    it('is named after its slug and version, with the spec estimate', () => {
      expect(name).toBe(`${stool ? STOOL_SURVEY.slug : SURVEY_SLUGS[type]}.v${definition.version}.json`);
      expect(definition.estimate).toBe(stool ? STOOL_SURVEY.estimate : SURVEY_ESTIMATES[type]);
    });

    it('has triggers on existing questions and options, pointing forward', () => {
      const triggers = [
        ...definition.skipTriggers.map((t) => [t.questionId, t.nextQuestionId, t.triggerValue] as const),
        ...definition.showTriggers.map((t) => [t.questionId, t.showQuestionId, t.triggerValue] as const),
      ];
      for (const [from, to, value] of triggers) {
        const trigger = keys.get(from);
        const target = keys.get(to);
        expect(trigger, from).toBeDefined();
        expect(target, to).toBeDefined();
        expect(target?.id ?? 0, `${from} → ${to}`).toBeGreaterThan(trigger?.id ?? 0);
        if (trigger && hasOptions(trigger.answerType))
          expect(optionIds(trigger).map(String)).toContain(value);
        if (trigger?.answerType === 'BOOLEAN') expect(['true', 'false']).toContain(value);
      }
    });

    it('keys every section heading by an existing question', () => {
      for (const key of Object.keys(definition.sections)) expect(keys.has(key), key).toBe(true);
    });

    it('bounds every number question', () => {
      for (const q of definition.questions.filter((x) => isNumberLike(x.answerType))) {
        expect(q.min, q.questionId).toBeTypeOf('number');
        expect(q.max, q.questionId).toBeTypeOf('number');
      }
    });

    it('can show every question', () => {
      for (const q of definition.questions) {
        const shown = visibleQuestions(definition, answersShowing(definition, q));
        expect(shown.map((s) => s.questionId)).toContain(q.questionId);
      }
    });

    it.each(Object.entries(POLICIES))('reaches 100%% answering %s', (_, policy) => {
      const answers = fillIn(definition, policy);
      for (const q of visibleQuestions(definition, answers)) {
        const answer = answers[q.questionId];
        expect(answer && validateAnswer(q, answer, now), q.questionId).toMatchObject({ ok: true });
      }
      const progress = surveyProgress(definition, answers, now);
      expect(progress.totalQuestions).toBeGreaterThan(0);
      expect(progress.completedQuestions).toBe(progress.totalQuestions);
    });
  },
);

describe('questionnaire content', () => {
  const headings = (type: string) => Object.values(byType.get(type as never)?.sections ?? {});
  const count = (type: string) => byType.get(type as never)?.questions.length ?? 0;

  it('splits food into the 12 spec sections, in order', () =>
    expect(headings('FOOD')).toEqual([
      'Dietary Restrictions',
      'Grains',
      'Fruit Consumption',
      'Types of Fruit Consumed',
      'Vegetable Consumption',
      'Types of Vegetables Consumed',
      'Nuts Seeds Pulses and Legumes',
      'Meat Fish and Eggs',
      'Milk and Dairy Products',
      'Snacks and Desserts',
      'Additions',
      'Drinks',
    ]));

  it('splits exercise into the 5 spec parts, in order', () =>
    expect(headings('EXERCISE')).toEqual([
      'Job-related',
      'Transportation',
      'House work',
      'Recreation',
      'Sitting',
    ]));

  it('splits medical history into 5 sections', () => expect(headings('MEDICAL_HISTORY')).toHaveLength(5));

  it.each([
    ['DAY_OF_SAMPLING', 15, 25],
    ['MEDICAL_HISTORY', 40, 60],
    ['MENTAL', 15, 20],
    ['EXERCISE', 25, 30],
    ['FOOD', 70, 100],
  ])('%s has between %i and %i questions', (type, min, max) => {
    expect(count(type)).toBeGreaterThanOrEqual(min);
    expect(count(type)).toBeLessThanOrEqual(max);
  });

  it('skips the job part without a job and the minutes after 0 days', () => {
    const exercise = byType.get('EXERCISE');
    if (!exercise) throw new Error('no exercise questionnaire');
    const shown = visibleQuestions(
      exercise,
      answersOf({ EXE_HAS_JOB: 'false', EXE_LEISURE_VIGOROUS_DAYS: '0' }),
    );
    const keys = shown.map((q) => q.questionId);
    expect(keys.filter((k) => k.startsWith('EXE_JOB_'))).toEqual([]);
    expect(keys).not.toContain('EXE_LEISURE_VIGOROUS_MINUTES');
    expect(keys).toContain('EXE_LEISURE_MODERATE_DAYS');
  });
});
