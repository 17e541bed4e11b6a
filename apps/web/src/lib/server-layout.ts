import { SCREEN_LAYOUT_COOKIE } from '@portal/domain';
import { createContext } from 'react';

/** Phones and small tablets: the report opens on its summary there (issue 33 item 19). */
export const NARROW_SCREEN_QUERY = '(max-width: 47.99rem)';

/**
 * The screen's layout for the first render of a page the server drew (decision 073): the server's guess
 * from the request ('narrow' for a phone) while it draws, the screen's own in the browser that takes the
 * page over, so a right guess is taken over as it is, and a wrong one is drawn again. Outside those
 * renders 'wide', what the server drew before.
 */
export const ServerLayoutContext = createContext<'narrow' | 'wide'>('wide');

/** The narrow-screen media query of this window, or null where the browser has none (jsdom). */
export function narrowScreen(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_SCREEN_QUERY) : null;
}

/** This screen's layout, as the first render of a page the server drew asks for it. */
export function screenLayout(): 'narrow' | 'wide' {
  return narrowScreen()?.matches ? 'narrow' : 'wide';
}

/**
 * Tells the server this screen's layout for the next page it draws (decision 073), now and whenever it
 * changes: a screen class in a cookie, nothing about the person. Without it the server guesses from the
 * browser's word (a phone's browser says it is one) and a wrong guess is drawn again once the app runs.
 */
export function rememberScreenLayout(): void {
  const write = () => {
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, written once a page load; the Cookie Store API is not in every browser we support.
    document.cookie = `${SCREEN_LAYOUT_COOKIE}=${screenLayout()}; path=/; max-age=31536000; samesite=lax${secure}`;
  };
  write();
  narrowScreen()?.addEventListener('change', write);
}
