import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a page's `total` parts to draw: one more after each paint, each in a transition, so a long
 * page's parts are drawn, laid out and painted one at a time rather than in one task that holds a phone's
 * main thread for hundreds of milliseconds (issue 37: the report's sections). Every part is drawn in the
 * end, whatever the scrolling, so the page's text is all there for find-in-page and a screen reader.
 * With `enabled` false, nothing is drawn and the count waits.
 */
export function useStaged(total: number, enabled: boolean): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!enabled || shown >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs just before a paint, the task queued from it just after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, total, enabled]);
  return enabled ? Math.min(shown, total) : 0;
}
