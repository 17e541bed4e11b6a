import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways on a phone. The scrolling box takes keyboard focus, so people who do not
 * use a pointer can scroll it too, and is named after its table.
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="report-table-scroll" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
