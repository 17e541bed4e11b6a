import { type AnswerRecord, answerRefusedSchema, type SurveyQuestion } from '@portal/domain';
import { ApiError } from '../../lib/api-client.ts';
import { isBlank, planSave } from '../../lib/save-plan.ts';
import { deleteAnswer, putAnswer, type ServerProgress } from './api.ts';

/**
 * The server's verdict on one question: null when saved, its message when refused; with the
 * questionnaire's progress as the server stored it, when it says. Not saved: `ended` when the session
 * has ended (signed out in another tab), else the connection failed.
 */
export type Outcome =
  | { ok: true; sent: boolean; message: string | null; progress: ServerProgress | null }
  | { ok: false; ended: boolean };

type Target = { kitId: number; slug: string };

export async function sendAnswer(
  { kitId, slug }: Target,
  question: SurveyQuestion,
  record: AnswerRecord | undefined,
  keepalive: boolean,
): Promise<Outcome> {
  const plan = planSave(question, record, new Date());
  try {
    // An answer the browser refuses is not sent: the server keeps what it had.
    if (plan.kind === 'none') return { ok: true, sent: false, message: null, progress: null };
    const { progress } =
      plan.kind === 'put'
        ? await putAnswer(kitId, slug, plan.record, { keepalive })
        : await deleteAnswer(kitId, slug, question.questionId, { keepalive });
    return { ok: true, sent: true, message: null, progress };
  } catch (error) {
    // No session any more: the answer is kept in the tab until the person signs in again.
    if (error instanceof ApiError && error.status === 401) return { ok: false, ended: true };
    // A refusal is the answer's problem and belongs on its card; anything else is the connection's.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      const message = error.fields?.[question.questionId] ?? error.message;
      // An invalid number deleted the stored answer: the refusal carries the figure after the delete
      // (issue 31). Any other refusal changed nothing, so the figure shown still holds.
      const refused = answerRefusedSchema.safeParse(error.body);
      return { ok: true, sent: true, message, progress: refused.data?.progress ?? null };
    }
    return { ok: false, ended: false };
  }
}

/** Two answers to one question say the same (no answer and a blank one alike). */
export function sameAnswer(a: AnswerRecord | undefined, b: AnswerRecord | undefined): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  const shape = (r: AnswerRecord) => JSON.stringify([r.answers, r.answerString || null]);
  return shape(a as AnswerRecord) === shape(b as AnswerRecord);
}
