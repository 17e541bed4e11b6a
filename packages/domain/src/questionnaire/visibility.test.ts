import { describe, expect, it } from 'vitest';
import { definitionProblems } from './definition.ts';
import { answersOf, makeDefinition, makeQuestion } from './questionnaire.test-helpers.ts';
import { answerMatchesTrigger, groupQuestionsBySection, visibleQuestions } from './visibility.ts';

/*
 * 10 A  yes/no        'false' skips to 50
 * 20 B  single        option 202 skips to 60 (past A's range), option 203 skips to 40
 * 30 C
 * 40 D  multi         options 401-404
 * 45 D2               shown when D includes 402 or 404
 * 50 E
 * 55 E2               shown when B includes 201
 * 60 F  single        option 601 shows 65 G2
 * 65 G2 yes/no        shown by F; 'true' skips to 90
 * 70 H  days          '0' skips to 90
 * 80 I
 * 90 J
 */
const definition = makeDefinition({
  questions: [
    makeQuestion(10, 'A'),
    makeQuestion(20, 'B', 'SINGLE_OPTION', {
      options: [
        [201, 'x'],
        [202, 'y'],
        [203, 'z'],
      ],
    }),
    makeQuestion(30, 'C'),
    makeQuestion(40, 'D', 'MULTI_OPTION', {
      options: [
        [401, 'a'],
        [402, 'b'],
        [403, 'c'],
        [404, 'd'],
      ],
    }),
    makeQuestion(45, 'D2'),
    makeQuestion(50, 'E'),
    makeQuestion(55, 'E2'),
    makeQuestion(60, 'F', 'SINGLE_OPTION', {
      options: [
        [601, 'show'],
        [602, 'no'],
      ],
    }),
    makeQuestion(65, 'G2'),
    makeQuestion(70, 'H', 'DURATION_IN_DAYS', { min: 0, max: 7 }),
    makeQuestion(80, 'I'),
    makeQuestion(90, 'J'),
  ],
  skipTriggers: [
    { questionId: 'A', nextQuestionId: 'E', triggerValue: 'false' },
    { questionId: 'B', nextQuestionId: 'F', triggerValue: '202' },
    { questionId: 'B', nextQuestionId: 'D', triggerValue: '203' },
    { questionId: 'G2', nextQuestionId: 'J', triggerValue: 'true' },
    { questionId: 'H', nextQuestionId: 'J', triggerValue: '0' },
  ],
  showTriggers: [
    { questionId: 'D', showQuestionId: 'D2', triggerValue: '402' },
    { questionId: 'D', showQuestionId: 'D2', triggerValue: '404' },
    { questionId: 'B', showQuestionId: 'E2', triggerValue: '201' },
    { questionId: 'F', showQuestionId: 'G2', triggerValue: '601' },
  ],
});
const always = ['A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J'];
const visibleKeys = (values: Record<string, string | number[]>) =>
  visibleQuestions(definition, answersOf(values)).map((q) => q.questionId);

describe('visibleQuestions (research §4 skip and show rules)', () => {
  it.each([
    ['nothing answered: only show-triggered questions are hidden', {}, always],
    [
      'a skip hides the ids strictly between trigger and target',
      { A: 'false' },
      ['A', 'E', 'F', 'H', 'I', 'J'],
    ],
    ['a non-matching answer skips nothing', { A: 'true' }, always],
    ['a skip can reach past an earlier range', { B: [202] }, ['A', 'B', 'F', 'H', 'I', 'J']],
    ['one question can have several skip triggers', { B: [203] }, ['A', 'B', 'D', 'E', 'F', 'H', 'I', 'J']],
    ['a hidden trigger question does not skip', { A: 'false', B: [202] }, ['A', 'E', 'F', 'H', 'I', 'J']],
    ['a show trigger shows its question', { B: [201] }, ['A', 'B', 'C', 'D', 'E', 'E2', 'F', 'H', 'I', 'J']],
    ['a hidden trigger question does not show', { A: 'false', B: [201] }, ['A', 'E', 'F', 'H', 'I', 'J']],
    ['a multi-option show trigger needs its option chosen', { D: [401, 403] }, always],
    [
      'any one of several show triggers shows',
      { D: [401, 404] },
      ['A', 'B', 'C', 'D', 'D2', 'E', 'F', 'H', 'I', 'J'],
    ],
    ['a shown question can skip', { F: [601], G2: 'true' }, ['A', 'B', 'C', 'D', 'E', 'F', 'G2', 'J']],
    ['a hidden shown question cannot skip', { F: [602], G2: 'true' }, always],
    ['a number trigger compares values', { H: '0' }, ['A', 'B', 'C', 'D', 'E', 'F', 'H', 'J']],
    ['a non-zero number skips nothing', { H: '3' }, always],
  ])('%s', (_, answers, expected) => expect(visibleKeys(answers)).toEqual(expected));

  it('uses a consistent definition', () => expect(definitionProblems(definition)).toEqual([]));

  it('orders by id whatever the order given', () => {
    const reversed = { ...definition, questions: [...definition.questions].reverse() };
    expect(visibleQuestions(reversed, {}).map((q) => q.id)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
  });
});

describe('answerMatchesTrigger', () => {
  const text = makeQuestion(1, 'T', 'TEXT');
  const byKey = (key: string) => definition.questions.find((q) => q.questionId === key) ?? text;
  const [a, b, d, h] = ['A', 'B', 'D', 'H'].map(byKey) as [
    typeof text,
    typeof text,
    typeof text,
    typeof text,
  ];

  it.each([
    ['yes/no on the string', a, { A: 'false' }, 'false', true],
    ['yes/no other value', a, { A: 'true' }, 'false', false],
    ['single option id', b, { B: [202] }, '202', true],
    ['multi option among several', d, { D: [401, 402] }, '402', true],
    ['multi option not chosen', d, { D: [401] }, '402', false],
    ['number by value', h, { H: '0.0' }, '0', true],
    ['empty number', h, { H: '' }, '0', false],
    ['text trimmed', text, { T: ' other ' }, 'other', true],
    ['unanswered', a, {}, 'false', false],
  ] as const)('%s', (_, question, values, value, expected) =>
    expect(answerMatchesTrigger(question, answersOf(values)[question.questionId], value)).toBe(expected),
  );
});

describe('groupQuestionsBySection', () => {
  const withSections = { ...definition, sections: { A: 'Part one', D: 'Part two', H: 'Part three' } };

  it('puts each question under the last heading at or before it', () => {
    const groups = groupQuestionsBySection(withSections, visibleQuestions(definition, {}));
    expect(groups.map((g) => [g.heading, g.questions.map((q) => q.questionId)])).toEqual([
      ['Part one', ['A', 'B', 'C']],
      ['Part two', ['D', 'E', 'F']],
      ['Part three', ['H', 'I', 'J']],
    ]);
  });

  it('keeps a heading whose first question is hidden and drops empty sections', () => {
    const groups = groupQuestionsBySection(
      withSections,
      visibleQuestions(definition, answersOf({ B: [203] })),
    );
    expect(groups.map((g) => g.heading)).toEqual(['Part one', 'Part two', 'Part three']);
    const hiddenPartTwo = visibleQuestions(definition, answersOf({ A: 'false' })).filter((q) => q.id < 50);
    expect(groupQuestionsBySection(withSections, hiddenPartTwo).map((g) => g.heading)).toEqual(['Part one']);
  });

  it('gives questions before the first heading no heading', () => {
    const groups = groupQuestionsBySection({ ...definition, sections: { C: 'Later' } }, definition.questions);
    expect(groups.map((g) => g.heading)).toEqual([null, 'Later']);
  });
});
