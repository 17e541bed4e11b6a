import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How far below the screen a deferred part starts drawing, so it is usually ready when scrolled to. */
const AHEAD = '300px 0px';

/**
 * Draws its children only once their place comes near the screen, showing the placeholder (which keeps
 * their size, so nothing moves) until then. The report's charts are drawn by a chart library that holds
 * a phone's main thread for hundreds of milliseconds each; most of them sit below the first screen
 * (decision 047). Where the browser has no IntersectionObserver the children are drawn at once.
 */
export function WhenVisible({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = anchor.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setShown(true);
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  if (shown) return children;
  return (
    <div ref={anchor} className="when-visible">
      {placeholder}
    </div>
  );
}
