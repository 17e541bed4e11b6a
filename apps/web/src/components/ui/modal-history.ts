import { useEffect, useRef } from 'react';

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
 */

type OpenDialog = { close: () => void };

/** The open dialogs, the first opened first. */
const open: OpenDialog[] = [];
/** A `history.go` back is under way: the next popstate ends it, and the history is checked again then. */
let goingBack = false;
let scheduled = false;
let listening = false;

/** How many dialog entries the current history entry stands on (0 for a page's own entry). */
function depthHere(): number {
  const state = window.history.state as { modalDepth?: unknown } | null;
  return typeof state?.modalDepth === 'number' ? state.modalDepth : 0;
}

/** Pushes an entry for each open dialog that has none, or goes back past the entries of closed ones. */
function reconcile() {
  scheduled = false;
  if (goingBack) return;
  const here = depthHere();
  if (open.length > here) {
    const base = (window.history.state as Record<string, unknown> | null) ?? {};
    for (let depth = here + 1; depth <= open.length; depth += 1) {
      window.history.pushState({ ...base, modalDepth: depth }, '');
    }
  } else if (open.length < here) {
    goingBack = true;
    window.history.go(open.length - here);
  }
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(reconcile);
}

/** Back (or Forward) to an entry: the dialogs above its depth close, the top one first. */
function onPopState() {
  const wasGoingBack = goingBack;
  goingBack = false;
  const here = depthHere();
  if (!wasGoingBack) {
    for (const dialog of open.slice(here).reverse()) dialog.close();
  }
  schedule();
}

function register(dialog: OpenDialog): () => void {
  if (!listening) {
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  open.push(dialog);
  schedule();
  return () => {
    const index = open.indexOf(dialog);
    if (index >= 0) open.splice(index, 1);
    schedule();
  };
}

/** While `active`, the dialog has a history entry of its own, and Back calls `onClose`. */
export function useModalHistory(active: boolean, onClose: () => void) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!active) return;
    return register({ close: () => closeRef.current() });
  }, [active]);
}
