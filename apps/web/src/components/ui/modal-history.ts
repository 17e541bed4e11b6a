import { useEffect, useRef } from 'react';
import { listenBeforeTheRouter, setFirstPopStateListener } from '../../lib/popstate-first.ts';

/**
 * Open dialogs as browser history entries (issue 33 item 11): each open dialog adds one entry at the
 * same address, so Back closes the top dialog only and leaves the page where it is.
 *
 * The entries are the page's own with a `modalDepth` added: the router's state (its key and index) is
 * kept, so the router reads Back between them as staying on the same page. A dialog closed another way
 * (its Close button, Escape, a finished step) takes its entry back out of history; a dialog that closes
 * because a link inside it went to another page leaves the new page alone. Dialogs that replace each
 * other in one render (a loading dialog and the form it turns into) share one entry: the history is
 * brought in line with the open dialogs once the render's effects have run, not at each mount and unmount.
 *
 * Taking entries out is a `history.go` back, which lands a moment later. The page may write history
 * meanwhile: a dialog that closes because its action goes on to another page (a support view to the
 * dashboard) may close before that navigation. The writes in between are kept and put back once the go
 * has landed, so the going back never undoes a navigation, and the router never sees the landing.
 *
 * All of this describes the window's history, so it lives with the window, not in this module: one
 * record per window (`dialogHistoryOf`). A module evaluated again in the same window (Vite's hot
 * update, Vitest's module reset between the files of a worker) finds the open dialogs, the depth and a
 * go back still under way where they are, instead of starting a second copy beside the first: before,
 * the first copy's popstate listener stayed on the window, took a Back for its own and went back once
 * more, past the entry of a dialog it did not know.
 */

type OpenDialog = { close: () => void };
type HistoryState = Record<string, unknown> | null;
type Entry = { state: HistoryState; url: string };

const stateHere = () => window.history.state as HistoryState;
const entryHere = (): Entry => ({ state: stateHere(), url: window.location.href });
const depthOf = (state: HistoryState) => (typeof state?.modalDepth === 'number' ? state.modalDepth : 0);
const routerIndex = () => stateHere()?.idx;
const withDepth = (state: HistoryState, at: number) => {
  const { modalDepth: _, ...rest } = state ?? {};
  return at > 0 ? { ...rest, modalDepth: at } : rest;
};

/**
 * The dialogs' history of this window, from its first dialog on: it listens for Back and Forward before
 * the router does (lib/popstate-first.ts) and notes what the page writes to history. Returns how a
 * dialog registers while it is open.
 */
function createDialogHistory() {
  /** The open dialogs, the first opened first. */
  const open: OpenDialog[] = [];
  /** How many dialog entries stand above the page's own entry, where the history is now. */
  let depth = 0;
  /** The router's index of the page's own entry (its entries keep it: the router reads them as that page). */
  let baseIndex: unknown;
  /**
   * A `history.go` back under way: the depth it lands on, the router's key of the page it goes back on
   * (dialog entries keep it), and the entry to carry down: the one it left, or what the page wrote since
   * (`pushed` when that was a new entry, a navigation to another page).
   */
  let goingBack: { to: number; key: unknown; carry: Entry; pushed: boolean } | null = null;
  let scheduled = false;

  /** The browser's own history writes; the page's are noted below, while a `go` back is under way. */
  const { history } = window;
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  history.pushState = (...args) => {
    push(...args);
    if (goingBack) goingBack = { ...goingBack, carry: entryHere(), pushed: true };
  };
  history.replaceState = (...args) => {
    replace(...args);
    if (goingBack) goingBack = { ...goingBack, carry: entryHere() };
  };

  /** Pushes an entry for each open dialog that has none, or goes back past the entries of closed ones. */
  function reconcile() {
    scheduled = false;
    // A go back under which the page went on to a new one may never land (some browsers drop it on the
    // push; Chromium lands it at once): a dialog opened on the new page does not wait for it.
    if (goingBack?.pushed && open.length > 0) goingBack = null;
    if (goingBack) return;
    // The router went to another page meanwhile (a link in a dialog): the entries stay behind it.
    if (depth > 0 && routerIndex() !== baseIndex) depth = 0;
    if (open.length > depth) {
      if (depth === 0) baseIndex = routerIndex();
      for (let at = depth + 1; at <= open.length; at += 1) {
        push(withDepth(stateHere(), at), '');
      }
      depth = open.length;
    } else if (open.length < depth) {
      // The page may have changed its address while the dialog closed (a dialog kept in the query): the
      // entry gone back to takes that address, so it does not open the dialog again.
      goingBack = { to: open.length, key: stateHere()?.key, carry: entryHere(), pushed: false };
      window.history.go(open.length - depth);
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(reconcile);
  }

  /**
   * Back (or Forward) by the person closes the dialogs above the entry's depth, the top one first. The
   * landing of a `go` back is the dialogs' own business: the router, which listens after this listener,
   * never sees it and stays where the page last put it. The entry gone back to
   * takes what the page wrote meanwhile: a new page is pushed again, a changed address replaces it.
   */
  function onPopState(event: PopStateEvent) {
    const landed = depthOf(stateHere());
    if (goingBack?.pushed && (stateHere()?.key !== goingBack.key || landed !== goingBack.to)) {
      // The new page's entry cancelled the go (some browsers do, Chromium does not): this is the person's.
      goingBack = null;
    }
    if (!goingBack) {
      depth = landed;
      for (const dialog of open.slice(depth).reverse()) dialog.close();
      schedule();
      return;
    }
    event.stopImmediatePropagation();
    const { to, carry, pushed } = goingBack;
    goingBack = null;
    depth = to;
    if (pushed) push(carry.state, '', carry.url);
    else if (carry.url !== window.location.href || stateHere()?.key !== carry.state?.key) {
      replace(withDepth(carry.state, to), '', carry.url);
    }
    schedule();
  }

  listenBeforeTheRouter(); // main.tsx did, unless there is no main (tests)
  setFirstPopStateListener(onPopState);

  return function register(dialog: OpenDialog): () => void {
    open.push(dialog);
    schedule();
    return () => {
      const index = open.indexOf(dialog);
      if (index >= 0) open.splice(index, 1);
      schedule();
    };
  };
}

const DIALOG_HISTORY: unique symbol = Symbol.for('portal.dialog-history');

type WithDialogHistory = Window & { [DIALOG_HISTORY]?: ReturnType<typeof createDialogHistory> };

/** The window's dialog history: made with its first dialog, then found there by every copy of this module. */
function dialogHistoryOf(win: WithDialogHistory) {
  let register = win[DIALOG_HISTORY];
  if (!register) register = win[DIALOG_HISTORY] = createDialogHistory();
  return register;
}

/** While `active`, the dialog has a history entry of its own, and Back calls `onClose`. */
export function useModalHistory(active: boolean, onClose: () => void) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!active) return;
    return dialogHistoryOf(window)({ close: () => closeRef.current() });
  }, [active]);
}
