import type { AnswerRecord, AnswersByQuestionId } from '@portal/domain';

/**
 * Answers changed but not yet acknowledged by the server, kept in this tab's sessionStorage per person
 * and questionnaire (issue 33). An answer typed after the session ended (signed out in another tab), or
 * changed just before the tab reloaded, is not lost: the questionnaire saves it when it opens again,
 * after the person has signed in again. Answers are not secrets of the kind the access token is, and
 * the storage dies with the tab. No dependencies: the sign-in screen reads it on its first load.
 */

const PREFIX = 'portal.unsavedAnswers:';

export const UNSAVED_ANSWERS_TEXTS = {
  sessionEnded: 'Your session has ended. Sign in again to save your answers',
} as const;

export type UnsavedKey = { userId: string; kitId: number; slug: string };

const keyOf = ({ userId, kitId, slug }: UnsavedKey) => `${PREFIX}${userId}:${kitId}:${slug}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The answers of this questionnaire the server has not acknowledged, by question id. */
export function readUnsaved(key: UnsavedKey): AnswersByQuestionId {
  try {
    const raw = storage()?.getItem(keyOf(key));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed && typeof parsed === 'object' ? (parsed as AnswersByQuestionId) : {};
  } catch {
    return {};
  }
}

function write(key: UnsavedKey, answers: AnswersByQuestionId) {
  try {
    if (Object.keys(answers).length === 0) storage()?.removeItem(keyOf(key));
    else storage()?.setItem(keyOf(key), JSON.stringify(answers));
  } catch {
    // Storage refused (private mode, full): the answer is still saved as usual, only not kept.
  }
}

/** A changed answer, kept until the server acknowledges it. */
export function keepUnsaved(key: UnsavedKey, record: AnswerRecord): void {
  write(key, { ...readUnsaved(key), [record.questionId]: record });
}

/** The server acknowledged this answer: forgotten, unless the person changed it again since. */
export function dropUnsaved(key: UnsavedKey, record: AnswerRecord | undefined, questionId: string): void {
  const kept = readUnsaved(key);
  if (!(questionId in kept)) return;
  if (record && JSON.stringify(kept[questionId]) !== JSON.stringify(record)) return;
  const { [questionId]: _, ...rest } = kept;
  write(key, rest);
}

/** Whether this tab holds answers the server has not acknowledged (the sign-in screen says so). */
export function hasUnsavedAnswers(): boolean {
  const store = storage();
  if (!store) return false;
  for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith(PREFIX)) return true;
  return false;
}
