/** Research §4 and §9: an answer is saved 500 ms after its last change. */
export const AUTOSAVE_DELAY_MS = 500;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** `keepalive`: the page is being left or hidden, so the request must outlive it. */
export type SaveOptions = { keepalive: boolean };

type AutosaverOptions = {
  /** Saves the current answer to one question; false when it did not reach the server. */
  save: (questionId: string, options: SaveOptions) => Promise<boolean>;
  onStatus: (status: SaveStatus) => void;
  delayMs?: number;
};

/**
 * Debounces saving per question and sends one question's saves one after another, so an older
 * answer can never overtake a newer one. Saves that failed to reach the server are tried again on
 * the next flush.
 */
export function createAutosaver({ save, onStatus, delayMs = AUTOSAVE_DELAY_MS }: AutosaverOptions) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const chains = new Map<string, Promise<boolean>>();
  const unsaved = new Set<string>();
  let running = 0;

  function settle() {
    if (timers.size > 0 || running > 0) return;
    onStatus(unsaved.size > 0 ? 'failed' : 'saved');
  }

  function run(questionId: string, options: SaveOptions = { keepalive: false }): Promise<boolean> {
    clearTimeout(timers.get(questionId));
    timers.delete(questionId);
    running += 1;
    // A page being left cannot wait for an earlier save of the question: its request goes now (the
    // server keeps the save with the later client sequence, so it cannot be overtaken).
    const before = options.keepalive
      ? Promise.resolve(true)
      : (chains.get(questionId) ?? Promise.resolve(true));
    const next: Promise<boolean> = before
      .then(() => save(questionId, options))
      .catch(() => false)
      .then((ok) => {
        if (ok) unsaved.delete(questionId);
        else unsaved.add(questionId);
        running -= 1;
        if (chains.get(questionId) === next) chains.delete(questionId);
        settle();
        return ok;
      });
    chains.set(questionId, next);
    return next;
  }

  return {
    /** A question changed: save it once it has been left alone for the delay. */
    schedule(questionId: string) {
      clearTimeout(timers.get(questionId));
      timers.set(
        questionId,
        setTimeout(() => void run(questionId), delayMs),
      );
      onStatus('saving');
    },
    /** Saves everything waiting or failed now; true once the server has every answer. */
    async flush(): Promise<boolean> {
      for (const questionId of new Set([...timers.keys(), ...unsaved])) void run(questionId);
      await Promise.all(chains.values());
      return unsaved.size === 0;
    },
    /**
     * Leaving the page: sends what is waiting without waiting for the answers; with `keepalive` (the tab
     * is closing, reloading or hidden) the requests outlive the page.
     */
    sendWaiting(options: SaveOptions = { keepalive: false }) {
      for (const questionId of [...timers.keys()]) void run(questionId, options);
    },
    /** The question has a change waiting, being sent, or not saved: the server's copy is not the latest. */
    isPending(questionId: string): boolean {
      return timers.has(questionId) || chains.has(questionId) || unsaved.has(questionId);
    },
  };
}

export type Autosaver = ReturnType<typeof createAutosaver>;
