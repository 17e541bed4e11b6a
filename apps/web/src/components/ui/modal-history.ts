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
type HistoryState = Record<string, unknown> | null;

/** The open dialogs, the first opened first. */
const open: OpenDialog[] = [];
/** How many dialog entries stand above the page's own entry, where the history is now. */
let depth = 0;
/** The router's index of the page's own entry (its entries keep it: the router reads them as that page). */
let baseIndex: unknown;
/** A `history.go` back under way: the depth it lands on, and the address and state to carry down. */
let goingBack: { to: number; carry: { state: HistoryState; url: string } } | null = null;
let scheduled = false;
let listening = false;

const stateHere = () => window.history.state as HistoryState;
const routerIndex = () => stateHere()?.idx;
const withDepth = (state: HistoryState, at: number) => {
  const { modalDepth: _, ...rest } = state ?? {};
  return at > 0 ? { ...rest, modalDepth: at } : rest;
};

/** Pushes an entry for each open dialog that has none, or goes back past the entries of closed ones. */
function reconcile() {
  scheduled = false;
  if (goingBack) return;
  // The router went to another page meanwhile (a link in a dialog): the entries stay behind it.
  if (depth > 0 && routerIndex() !== baseIndex) depth = 0;
  if (open.length > depth) {
    if (depth === 0) baseIndex = routerIndex();
    for (let at = depth + 1; at <= open.length; at += 1) {
      window.history.pushState(withDepth(stateHere(), at), '');
    }
    depth = open.length;
  } else if (open.length < depth) {
    // The page may have changed its address while the dialog closed (a dialog kept in the query): the
    // entry gone back to takes that address, so it does not open the dialog again.
    goingBack = { to: open.length, carry: { state: stateHere(), url: window.location.href } };
    window.history.go(open.length - depth);
  }
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(reconcile);
}

/** Set while the corrected entry is announced again, so this listener lets that event pass. */
let announcing = false;

/**
 * Back (or Forward) by the person closes the dialogs above the entry's depth, the top one first. At the
 * end of a `go` back, the entry gone back to takes the address carried down, and the event is announced
 * again so that the router (which listened first and read the entry as it was) reads it as it is now.
 */
function onPopState() {
  if (announcing) return;
  if (goingBack) {
    const { to, carry } = goingBack;
    goingBack = null;
    depth = to;
    if (carry.url !== window.location.href || stateHere()?.key !== carry.state?.key) {
      window.history.replaceState(withDepth(carry.state, to), '', carry.url);
      announcing = true;
      try {
        window.dispatchEvent(new PopStateEvent('popstate', { state: stateHere() }));
      } finally {
        announcing = false;
      }
    }
  } else {
    const landed = stateHere()?.modalDepth;
    depth = typeof landed === 'number' ? landed : 0;
    for (const dialog of open.slice(depth).reverse()) dialog.close();
  }
  schedule();
}

/** Listens for Back and Forward, from the first dialog's opening on. */
function installModalHistory() {
  if (listening) return;
  window.addEventListener('popstate', onPopState);
  listening = true;
}

function register(dialog: OpenDialog): () => void {
  installModalHistory();
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
