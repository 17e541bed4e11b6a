import type { AnswerRecord, AnswersByQuestionId, SurveyDefinition } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useAnswerCards } from '../../lib/answer-cards.ts';
import { createAutosaver, type SaveStatus } from '../../lib/autosaver.ts';
import { useInvalidateKits } from '../../lib/kits-api.ts';
import { dropUnsaved, keepUnsaved, readUnsaved, type UnsavedKey } from '../../lib/unsaved-answers.ts';
import { getAnswers, type ServerProgress } from './api.ts';
import { sameAnswer, sendAnswer } from './save-answer.ts';

type Setup = {
  kitId: number;
  slug: string;
  /** Whose answers: the tab keeps unsaved ones per person and questionnaire. */
  userId: string;
  definition: SurveyDefinition;
  initial: AnswersByQuestionId;
  /** The questionnaire's progress as the server gave it with the answers. */
  initialProgress: ServerProgress;
  /** A support view: nothing is changed or saved. */
  readOnly: boolean;
};

/** Answers kept in the tab that the server does not hold yet (the session ended, the tab reloaded). */
function keptAnswers(key: UnsavedKey, server: AnswersByQuestionId): Record<string, AnswerRecord> {
  const kept: Record<string, AnswerRecord> = {};
  for (const [questionId, record] of Object.entries(readUnsaved(key))) {
    if (!record) continue;
    if (sameAnswer(record, server[questionId])) dropUnsaved(key, record, questionId);
    else kept[questionId] = record;
  }
  return kept;
}

/**
 * One questionnaire being answered: the participant's answers as typed, what the browser and the
 * server say about them, saving each changed question 500 ms after its last change, and the progress
 * the server computed and stored with the latest save (the browser computes none of its own).
 *
 * No answer is lost (issue 33): a change is kept in the tab until the server has it; leaving or hiding
 * the page sends what is waiting at once, in requests that outlive the page; answers kept from before
 * (the session ended in another tab, the tab reloaded) are saved when the questionnaire opens again.
 * When the server holds another answer than a card shows (saved in another window), found on focus
 * and after each save, the card takes the server's and says so.
 */
export function useQuestionnaire(setup: Setup) {
  const [key] = useState<UnsavedKey>(() => ({
    userId: setup.userId,
    kitId: setup.kitId,
    slug: setup.slug,
  }));
  const [restored] = useState(() => (setup.readOnly ? {} : keptAnswers(key, setup.initial)));
  const cards = useAnswerCards({ ...setup.initial, ...restored });
  const { answers, latest, record, replace, setServerMessage, messageFor } = cards;
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [ended, setEnded] = useState(false);
  const [updatedElsewhere, setUpdatedElsewhere] = useState<ReadonlySet<string>>(() => new Set());
  // The figure of the save sent last among those answered, so a late answer to an older save never
  // replaces a newer figure.
  const [progress, setProgress] = useState({ figure: setup.initialProgress, order: 0 });
  const sent = useRef(0);
  // What the server is known to hold for each question: as loaded, then as each save left it. A
  // question whose answer the server refused is not known until its next save.
  const known = useRef<Record<string, AnswerRecord | undefined>>({ ...setup.initial });
  const unknown = useRef(new Set<string>());
  const invalidateKits = useInvalidateKits();
  const invalidateRef = useRef(invalidateKits);
  const reconcileRef = useRef<() => Promise<void>>(async () => undefined);
  useEffect(() => {
    invalidateRef.current = invalidateKits;
  });

  // The page is keyed by kit and questionnaire, so the setup never changes for one saver.
  const [saver] = useState(() => {
    const byKey = new Map(setup.definition.questions.map((q) => [q.questionId, q]));
    return createAutosaver({
      save: async (questionId, { keepalive }) => {
        const question = byKey.get(questionId);
        if (!question) return true;
        sent.current += 1;
        const order = sent.current;
        const answer = latest.current[questionId];
        const outcome = await sendAnswer(setup, question, answer, keepalive);
        if (!outcome.ok) {
          if (outcome.ended) setEnded(true);
          return false;
        }
        dropUnsaved(key, answer, questionId);
        if (outcome.message) unknown.current.add(questionId);
        else if (outcome.sent) {
          unknown.current.delete(questionId);
          known.current[questionId] = answer;
        }
        setServerMessage(questionId, outcome.message);
        const figure = outcome.progress;
        if (figure) setProgress((p) => (order > p.order ? { figure, order } : p));
        return true;
      },
      onStatus: (next) => {
        setStatus(next);
        // Progress and the coach tile on the other pages follow the saved answers.
        if (next !== 'saving') void invalidateRef.current();
        if (next === 'saved') void reconcileRef.current();
      },
    });
  });

  /**
   * The server's answers, read again: an answer that changed there since this tab last knew it was
   * saved in another window, and its card (unless the person has a change of their own waiting) takes it.
   */
  reconcileRef.current = async () => {
    const before = sent.current;
    const data = await getAnswers(setup.kitId, setup.slug).catch(() => null);
    // A save sent meanwhile may not be in what was read: the next save's check sees it.
    if (!data || sent.current !== before) return;
    const changed: string[] = [];
    for (const { questionId } of setup.definition.questions) {
      if (saver.isPending(questionId) || unknown.current.has(questionId)) continue;
      const server = data.questionResultsMap[questionId];
      if (sameAnswer(server, known.current[questionId])) continue;
      known.current[questionId] = server;
      if (sameAnswer(server, latest.current[questionId])) continue;
      replace(questionId, server);
      changed.push(questionId);
    }
    if (changed.length === 0) return;
    setUpdatedElsewhere((s) => new Set([...s, ...changed]));
    setProgress((p) => ({ figure: data.progress, order: p.order }));
  };

  useEffect(() => {
    if (setup.readOnly) return;
    // Closing, reloading or hiding the tab: what waits goes now, in requests that outlive the page.
    const leave = () => saver.sendWaiting({ keepalive: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
      else void reconcileRef.current();
    };
    const onFocus = () => void reconcileRef.current();
    window.addEventListener('pagehide', leave);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    // Answers kept from before are saved now the person is signed in again.
    const kept = Object.keys(restored);
    for (const questionId of kept) saver.schedule(questionId);
    if (kept.length > 0) void saver.flush();
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      saver.sendWaiting();
    };
  }, [saver, setup.readOnly, restored]);

  function change(answer: AnswerRecord) {
    if (setup.readOnly) return;
    record(answer);
    keepUnsaved(key, answer);
    setUpdatedElsewhere((s) => {
      if (!s.has(answer.questionId)) return s;
      const next = new Set(s);
      next.delete(answer.questionId);
      return next;
    });
    saver.schedule(answer.questionId);
  }

  return {
    answers,
    status,
    ended,
    change,
    messageFor,
    updatedElsewhere: (questionId: string) => updatedElsewhere.has(questionId),
    progress: progress.figure,
    flush: saver.flush,
  };
}
