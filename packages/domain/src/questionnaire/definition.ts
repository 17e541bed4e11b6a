import { z } from 'zod';
import { apiErrorSchema } from '../error-schemas.ts';
import { SURVEY_TYPES } from './survey-types.ts';

export const ANSWER_TYPES = [
  'BOOLEAN',
  'NUMBER',
  'DURATION_IN_DAYS',
  'DURATION_IN_MINUTES',
  'SINGLE_OPTION',
  'MULTI_OPTION',
  'DATE',
  'TEXT',
] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** Number-like answers share the number checks and are saved only when valid (research §4). */
export function isNumberLike(answerType: AnswerType): boolean {
  return answerType === 'NUMBER' || answerType === 'DURATION_IN_DAYS' || answerType === 'DURATION_IN_MINUTES';
}

/** Option answers are chosen from the question's `answers` and stored as option ids. */
export function hasOptions(answerType: AnswerType): boolean {
  return answerType === 'SINGLE_OPTION' || answerType === 'MULTI_OPTION';
}

export const answerOptionSchema = z.object({
  id: z.number().int().positive(),
  answer: z.string().trim().min(1),
});
export type AnswerOption = z.infer<typeof answerOptionSchema>;

export const surveyQuestionSchema = z.object({
  /** Orders the questions and bounds skip ranges. */
  id: z.number().int().positive(),
  /** Stable key used by triggers, sections and answers; never changes within a published version. */
  questionId: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'questionId must be UPPER_SNAKE_CASE'),
  question: z.string().trim().min(1),
  answerType: z.enum(ANSWER_TYPES),
  answers: z.array(answerOptionSchema),
  /** The number shown to the participant, e.g. 4 or '4a' for a follow-up. */
  questionNumber: z.union([z.string().trim().min(1), z.number().int().positive()]),
  min: z.number().nullish(),
  max: z.number().nullish(),
  compulsory: z.boolean(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/**
 * Trigger values are strings: 'true'/'false' for BOOLEAN, an option id for option questions and the
 * answer text for the others.
 */
export const skipTriggerSchema = z.object({
  questionId: z.string().min(1),
  nextQuestionId: z.string().min(1),
  triggerValue: z.string().min(1),
});
export type SkipTrigger = z.infer<typeof skipTriggerSchema>;

export const showTriggerSchema = z.object({
  questionId: z.string().min(1),
  showQuestionId: z.string().min(1),
  triggerValue: z.string().min(1),
});
export type ShowTrigger = z.infer<typeof showTriggerSchema>;

const definitionShape = z.object({
  surveyType: z.enum(SURVEY_TYPES),
  version: z.number().int().positive(),
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  howTo: z.string().trim().min(1),
  estimate: z.string().regex(/^\d+-\d+ min$/, "estimate looks like '10-20 min'"),
  /** Section headings keyed by the questionId of the section's first question. */
  sections: z.record(z.string(), z.string().trim().min(1)),
  questions: z.array(surveyQuestionSchema).min(1),
  skipTriggers: z.array(skipTriggerSchema),
  showTriggers: z.array(showTriggerSchema),
});

/** A versioned questionnaire: what the survey-questions call returns, checked for consistency. */
export const surveyDefinitionSchema = definitionShape.superRefine((definition, ctx) => {
  for (const message of definitionProblems(definition)) ctx.addIssue({ code: 'custom', message });
});
export type SurveyDefinition = z.infer<typeof surveyDefinitionSchema>;

/** One saved answer: option ids for option questions, answerString for the others. */
export const answerRecordSchema = z.object({
  questionId: z.string().trim().min(1).max(100),
  answers: z.array(z.number().int()).default([]),
  answerString: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});
export type AnswerRecord = z.output<typeof answerRecordSchema>;
/** The saved answers of one questionnaire (the questionResultsMap), keyed by questionId. */
export type AnswersByQuestionId = Readonly<Record<string, AnswerRecord | undefined>>;

/**
 * A questionnaire's progress on a kit, as the save stores it (decision 029): the questions to answer and
 * those answered. The kit's surveysStats and the answer routes answer it.
 */
export const surveyProgressSchema = z.object({
  surveyType: z.string(),
  totalQuestions: z.number().int(),
  completedQuestions: z.number().int(),
});

/** One saved answer as the API answers it (answerRecordSchema is the same answer as a request sends it). */
export const answerSchema = z.object({
  questionId: z.string(),
  answers: z.array(z.number()),
  answerString: z.string().nullable(),
});

/** get survey answers: a kit's saved answers of one questionnaire, and its progress. */
export const surveyAnswersSchema = z.object({
  questionResultsMap: z.record(z.string(), answerSchema),
  progress: surveyProgressSchema,
});

/** put survey question: the answer as saved, and the questionnaire's progress after it. */
export const answerSavedSchema = z.object({ saved: answerSchema, progress: surveyProgressSchema });

/**
 * put survey question refused (400): the message and fields of any refusal; for an invalid number,
 * which deletes the stored answer (research §4), also the progress after the delete, so the page
 * need not ask for it again (issue 31).
 */
export const answerRefusedSchema = z.object({
  ...apiErrorSchema.shape,
  progress: surveyProgressSchema.optional(),
});

/** delete survey answer: the questionnaire's progress after it. */
export const answerDeletedSchema = z.object({ progress: surveyProgressSchema });

export function indexAnswers(records: readonly AnswerRecord[]): AnswersByQuestionId {
  return Object.fromEntries(records.map((r) => [r.questionId, r]));
}

/** Why a trigger value can never match the trigger question's answers, or null when it can. */
function triggerValueProblem(question: SurveyQuestion, value: string): string | null {
  if (hasOptions(question.answerType))
    return question.answers.some((o) => String(o.id) === value)
      ? null
      : `is not an option of ${question.questionId}`;
  if (question.answerType === 'BOOLEAN')
    return value === 'true' || value === 'false' ? null : "must be 'true' or 'false'";
  if (isNumberLike(question.answerType)) return Number.isFinite(Number(value)) ? null : 'must be a number';
  return null;
}

/** Everything that makes a definition inconsistent; empty when it can be served. */
export function definitionProblems(definition: z.infer<typeof definitionShape>): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, SurveyQuestion>();
  const optionIds = new Set<number>();
  let previousId = 0;
  for (const q of definition.questions) {
    if (q.id <= previousId) problems.push(`question ${q.questionId}: ids must be unique and ascending`);
    previousId = q.id;
    if (byKey.has(q.questionId)) problems.push(`question ${q.questionId}: duplicate questionId`);
    byKey.set(q.questionId, q);
    if (hasOptions(q.answerType) && q.answers.length < 2)
      problems.push(`question ${q.questionId}: needs at least two options`);
    if (!hasOptions(q.answerType) && q.answers.length > 0)
      problems.push(`question ${q.questionId}: only option questions have options`);
    for (const option of q.answers) {
      if (optionIds.has(option.id))
        problems.push(`question ${q.questionId}: duplicate option id ${option.id}`);
      optionIds.add(option.id);
    }
    if (!isNumberLike(q.answerType) && (q.min != null || q.max != null))
      problems.push(`question ${q.questionId}: only number-like questions have min and max`);
    if (q.min != null && q.max != null && q.min > q.max)
      problems.push(`question ${q.questionId}: min is above max`);
  }
  for (const key of Object.keys(definition.sections))
    if (!byKey.has(key)) problems.push(`section ${key}: no such question`);

  const checkTrigger = (kind: string, from: string, to: string, value: string) => {
    const trigger = byKey.get(from);
    const target = byKey.get(to);
    if (!trigger) return problems.push(`${kind} trigger ${from}: no such question`);
    if (!target) return problems.push(`${kind} trigger ${from}: no such question ${to}`);
    if (target.id <= trigger.id) problems.push(`${kind} trigger ${from}: ${to} must come after it`);
    else if (kind === 'skip' && !definition.questions.some((q) => q.id > trigger.id && q.id < target.id))
      problems.push(`skip trigger ${from}: nothing lies between it and ${to}`);
    const valueProblem = triggerValueProblem(trigger, value);
    if (valueProblem) problems.push(`${kind} trigger ${from}: value '${value}' ${valueProblem}`);
  };
  for (const t of definition.skipTriggers)
    checkTrigger('skip', t.questionId, t.nextQuestionId, t.triggerValue);
  for (const t of definition.showTriggers)
    checkTrigger('show', t.questionId, t.showQuestionId, t.triggerValue);
  return problems;
}
