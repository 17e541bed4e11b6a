import { useSyncExternalStore } from 'react';

/**
 * A support user's read-only view of a person's portal (design.md §6, decision 019). The view's token is
 * kept in this tab's sessionStorage so that a full page reload keeps the view instead of silently going
 * back to the support account (the refresh cookie is the support user's). It is the one access token
 * kept outside memory, and only because it is weak: it can change nothing, lives an hour at most, and
 * dies on the server the moment the support user's session does. Closing the tab forgets it.
 */
export type SupportView = {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  subjectId: string;
  actorId: string;
  username: string;
  /**
   * Where "Return to my account" goes: the console's page of the person when the view was opened from
   * there (/staff/people/<id>); the portal's Support page when absent (the view opened there).
   */
  returnTo?: string;
};

/** Where a view opened from the portal's Support page returns. */
export const SUPPORT_PAGE = '/support';

const KEY = 'portal.supportView';

/** endedNotice: the view ended on its own; refused: the server turned a write of this view away. */
type State = { view: SupportView | null; endedNotice: boolean; refused: boolean };
let state: State = { view: read(), endedNotice: false, refused: false };
const listeners = new Set<() => void>();

/** Only a path of this app: the stored value must never send the tab to another site. */
function isReturnPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

/** Where "Return to my account" leads for this view. */
export const returnPathOf = (view: SupportView): string =>
  isReturnPath(view.returnTo) ? view.returnTo : SUPPORT_PAGE;

function read(): SupportView | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
    if (!raw) return null;
    const view = JSON.parse(raw) as Partial<SupportView>;
    const complete =
      typeof view.token === 'string' &&
      typeof view.expiresAt === 'number' &&
      typeof view.subjectId === 'string' &&
      typeof view.actorId === 'string' &&
      typeof view.username === 'string' &&
      (view.returnTo === undefined || isReturnPath(view.returnTo));
    return complete ? (view as SupportView) : null;
  } catch {
    return null;
  }
}

function publish(next: State) {
  state = next;
  try {
    if (next.view) sessionStorage.setItem(KEY, JSON.stringify(next.view));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the view then lasts until the next reload, as before.
  }
  for (const listener of listeners) listener();
}

export function beginSupportView(view: SupportView): void {
  publish({ view, endedNotice: false, refused: false });
}

/** The stored view, or null once it has expired (it is then forgotten). */
export function storedSupportView(now: number = Date.now()): SupportView | null {
  if (state.view && state.view.expiresAt <= now) publish({ view: null, endedNotice: true, refused: false });
  return state.view;
}

/**
 * Ends the view. `notice` says the person did not ask for it (it expired, or the support session
 * ended): the app then tells them, so the support account never comes back without a word.
 */
export function endSupportView({ notice }: { notice: boolean }): void {
  if (state.view || state.endedNotice !== notice)
    publish({ view: null, endedNotice: notice, refused: false });
}

/** The server refused a write of the view (403 read-only): the banner says so, whichever screen tried. */
export function noteSupportViewRefusal(): void {
  if (state.view && !state.refused) publish({ ...state, refused: true });
}

export function dismissSupportViewNotice(): void {
  if (state.endedNotice) publish({ ...state, endedNotice: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function supportViewSnapshot(): State {
  return state;
}

export function useSupportViewState(): State {
  return useSyncExternalStore(subscribe, supportViewSnapshot, supportViewSnapshot);
}
