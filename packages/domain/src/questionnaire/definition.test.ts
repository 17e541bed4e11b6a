import { describe, expect, it } from 'vitest';
import { answerRecordSchema, definitionProblems, surveyDefinitionSchema } from './definition.ts';
import { makeDefinition, makeQuestion } from './questionnaire.test-helpers.ts';

const good = makeDefinition({
  sections: { START: 'First part' },
  questions: [
    makeQuestion(1, 'START'),
    makeQuestion(2, 'KIND', 'SINGLE_OPTION', {
      options: [
        [21, 'a'],
        [22, 'Other'],
      ],
    }),
    makeQuestion(3, 'KIND_OTHER', 'TEXT'),
    makeQuestion(4, 'DAYS', 'DURATION_IN_DAYS', { min: 0, max: 7 }),
  ],
  skipTriggers: [{ questionId: 'START', nextQuestionId: 'DAYS', triggerValue: 'false' }],
  showTriggers: [{ questionId: 'KIND', showQuestionId: 'KIND_OTHER', triggerValue: '22' }],
});
type Definition = typeof good;
type Edit = (d: Definition) => unknown;
const change = (edit: Edit): Definition => {
  const copy = structuredClone(good);
  edit(copy);
  return copy;
};
const first = <T>(items: T[]): T => {
  const [item] = items;
  if (!item) throw new Error('empty fixture');
  return item;
};
const question = (d: Definition, key: string) => first(d.questions.filter((q) => q.questionId === key));

describe('definitionProblems', () => {
  it('accepts a consistent definition', () => {
    expect(definitionProblems(good)).toEqual([]);
    expect(surveyDefinitionSchema.parse(good)).toEqual(good);
  });

  it.each<[string, Edit, string]>([
    ['ids out of order', (d) => d.questions.reverse(), 'ids must be unique and ascending'],
    ['a repeated questionId', (d) => (question(d, 'KIND').questionId = 'START'), 'duplicate questionId'],
    [
      'a repeated option id',
      (d) => (question(d, 'KIND').answers = [21, 21].map((id) => ({ id, answer: 'a' }))),
      'duplicate option id 21',
    ],
    ['an option question with one option', (d) => question(d, 'KIND').answers.pop(), 'at least two'],
    [
      'options on a yes/no question',
      (d) => question(d, 'START').answers.push({ id: 9, answer: 'x' }),
      'only option',
    ],
    ['min on a text question', (d) => (question(d, 'KIND_OTHER').min = 1), 'only number-like'],
    ['min above max', (d) => (question(d, 'DAYS').min = 8), 'min is above max'],
    ['a section on no question', (d) => (d.sections = { NOPE: 'x' }), 'section NOPE'],
    ['a skip from nowhere', (d) => (first(d.skipTriggers).questionId = 'NOPE'), 'skip trigger NOPE'],
    ['a skip to nowhere', (d) => (first(d.skipTriggers).nextQuestionId = 'NOPE'), 'no such question NOPE'],
    [
      'a skip backwards',
      (d) => (d.skipTriggers = [{ questionId: 'DAYS', nextQuestionId: 'START', triggerValue: '0' }]),
      'must come after',
    ],
    ['a skip over nothing', (d) => (first(d.skipTriggers).nextQuestionId = 'KIND'), 'nothing lies between'],
    ['a yes/no trigger value', (d) => (first(d.skipTriggers).triggerValue = 'no'), "'true' or 'false'"],
    ['an option trigger value', (d) => (first(d.showTriggers).triggerValue = '99'), 'not an option of KIND'],
    [
      'a number trigger value',
      (d) => (d.skipTriggers = [{ questionId: 'DAYS', nextQuestionId: 'START', triggerValue: 'x' }]),
      'must be a number',
    ],
    [
      'a show of an earlier question',
      (d) => (first(d.showTriggers).showQuestionId = 'START'),
      'must come after',
    ],
  ])('finds %s', (_, edit, problem) => {
    const broken = change(edit);
    expect(definitionProblems(broken).join('\n')).toContain(problem);
    expect(surveyDefinitionSchema.safeParse(broken).success).toBe(false);
  });
});

describe('answerRecordSchema', () => {
  it('defaults the missing parts', () =>
    expect(answerRecordSchema.parse({ questionId: 'START', answerString: 'true' })).toEqual({
      questionId: 'START',
      answers: [],
      answerString: 'true',
    }));
});
