import {
  type AnswerRecord,
  type AnswersByQuestionId,
  hasOptions,
  isNumberLike,
  type SurveyDefinition,
  type SurveyQuestion,
} from './definition.ts';

type Rules = Pick<SurveyDefinition, 'questions' | 'skipTriggers' | 'showTriggers'>;

/**
 * Whether an answer equals a trigger value: option questions match when the chosen option ids include
 * it, BOOLEAN on 'true'/'false', numbers by value and the others on the trimmed answerString.
 */
export function answerMatchesTrigger(
  question: SurveyQuestion,
  record: AnswerRecord | undefined,
  triggerValue: string,
): boolean {
  if (!record) return false;
  if (hasOptions(question.answerType)) return record.answers.some((id) => String(id) === triggerValue);
  const given = record.answerString?.trim();
  if (!given) return false;
  if (isNumberLike(question.answerType)) return Number(given) === Number(triggerValue);
  return given === triggerValue;
}

type Index = {
  byKey: Map<string, SurveyQuestion>;
  sorted: SurveyQuestion[];
  showTriggersOf: Map<string, Rules['showTriggers']>;
  skipTriggersOf: Map<string, Rules['skipTriggers']>;
};

// A definition never changes once published, so its lookups are built once per definition object
// instead of scanning every trigger for every question on each call (progress runs per kit and type).
const indexes = new WeakMap<Rules, Index>();

function indexOf(definition: Rules): Index {
  let index = indexes.get(definition);
  if (!index) {
    const group = <T>(items: readonly T[], key: (item: T) => string) => {
      const map = new Map<string, T[]>();
      for (const item of items) {
        const list = map.get(key(item));
        if (list) list.push(item);
        else map.set(key(item), [item]);
      }
      return map;
    };
    index = {
      byKey: new Map(definition.questions.map((q) => [q.questionId, q])),
      sorted: [...definition.questions].sort((a, b) => a.id - b.id),
      showTriggersOf: group(definition.showTriggers, (t) => t.showQuestionId),
      skipTriggersOf: group(definition.skipTriggers, (t) => t.questionId),
    };
    indexes.set(definition, index);
  }
  return index;
}

/**
 * The questions the participant sees, by id (research §4):
 * - skip rule: when a question's answer equals a skip trigger's value, every question whose id lies
 *   strictly between it and the trigger's next question is hidden;
 * - show rule: a question with show triggers is hidden unless one trigger question's answer includes
 *   that trigger's value.
 * A hidden question counts as unanswered, so it neither skips nor shows anything. Questions are
 * walked in id order, which settles every trigger question before the questions it affects.
 */
export function visibleQuestions(definition: Rules, answers: AnswersByQuestionId): SurveyQuestion[] {
  const { byKey, sorted, showTriggersOf, skipTriggersOf } = indexOf(definition);
  const shown = new Set<string>();
  const skippedRanges: { after: number; before: number }[] = [];
  const matches = (questionId: string, value: string) => {
    const trigger = byKey.get(questionId);
    return !!trigger && shown.has(questionId) && answerMatchesTrigger(trigger, answers[questionId], value);
  };

  for (const q of sorted) {
    if (skippedRanges.some((r) => q.id > r.after && q.id < r.before)) continue;
    const showTriggers = showTriggersOf.get(q.questionId) ?? [];
    if (showTriggers.length > 0 && !showTriggers.some((t) => matches(t.questionId, t.triggerValue))) continue;
    shown.add(q.questionId);
    for (const t of skipTriggersOf.get(q.questionId) ?? []) {
      const next = byKey.get(t.nextQuestionId);
      if (next && matches(q.questionId, t.triggerValue)) skippedRanges.push({ after: q.id, before: next.id });
    }
  }
  return sorted.filter((q) => shown.has(q.questionId));
}

export type QuestionSection = { heading: string | null; questions: SurveyQuestion[] };

/**
 * Groups the given (visible) questions under their section headings. A section starts at the question
 * its heading is keyed by, so a heading still shows when its first question is hidden; sections with
 * nothing visible are dropped.
 */
export function groupQuestionsBySection(
  definition: Pick<SurveyDefinition, 'questions' | 'sections'>,
  questions: readonly SurveyQuestion[],
): QuestionSection[] {
  const starts = definition.questions
    .filter((q) => Object.hasOwn(definition.sections, q.questionId))
    .map((q) => ({ id: q.id, heading: definition.sections[q.questionId] ?? null }))
    .sort((a, b) => a.id - b.id);
  const groups: (QuestionSection & { startId: number })[] = [];
  for (const q of [...questions].sort((a, b) => a.id - b.id)) {
    const start = starts.findLast((s) => s.id <= q.id);
    const startId = start?.id ?? 0;
    let group = groups.at(-1);
    if (group?.startId !== startId) {
      group = { startId, heading: start?.heading ?? null, questions: [] };
      groups.push(group);
    }
    group.questions.push(q);
  }
  return groups.map(({ heading, questions }) => ({ heading, questions }));
}
