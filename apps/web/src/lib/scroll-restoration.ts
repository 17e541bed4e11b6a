import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/**
 * Location state of a navigation that changes the address but not what the person is reading (a
 * report's chosen samples): the page keeps its scroll position instead of starting at the top.
 */
export const KEEP_SCROLL = { keepScroll: true } as const;

function keepsScroll(state: unknown): boolean {
  return (state as { keepScroll?: unknown } | null)?.keepScroll === true;
}

/** Positions by history entry, from before a reload of this tab. */
function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * New pages start at the top; back, forward and a reload return to where the person was on that
 * history entry. The browser's own restoration is off: it would scroll before the page has rendered.
 * Each entry's position is recorded as it scrolls, so it is known before the next page replaces it.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const [positions] = useState(readPositions);
  const shownKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = () => {
      positions[shownKey.current] = window.scrollY;
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: a reload starts at the top, nothing worse.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  useLayoutEffect(() => {
    shownKey.current = location.key;
    const saved = positions[location.key];
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (!keepsScroll(location.state)) window.scrollTo(0, 0);
  }, [location, positions]);
}
