import type { ReactNode } from 'react';

/*
 * The empty-state pictures, shared by every page that shows one: inline, decorative (aria-hidden),
 * drawn in the brand's tokens on the same soft circle.
 */

/** The frame every picture is drawn in: a 96 × 96 square holding the soft background circle. */
export function Illustration({ children }: { children: ReactNode }) {
  return (
    <svg className="illustration" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" className="illustration-bg" />
      {children}
    </svg>
  );
}

/** A calm default: a soft teal circle with a sprouting leaf, in the brand's colours. */
export function DefaultIllustration() {
  return (
    <Illustration>
      <path d="M48 74V44" className="illustration-line" />
      <path d="M48 52c-14 0-20-10-20-20 12 0 20 6 20 20Z" className="illustration-fill" />
      <path d="M48 46c0-14 8-22 22-22 0 14-8 22-22 22Z" className="illustration-accent" />
      <path d="M30 74h36" className="illustration-line" />
    </Illustration>
  );
}

/** A quiet bell: no notifications yet. */
export function BellIllustration() {
  return (
    <Illustration>
      <path d="M30 62h36l-4-6V42a14 14 0 0 0-28 0v14Z" className="illustration-fill" />
      <circle cx="48" cy="68" r="5" className="illustration-accent" />
      <path d="M48 24v4M70 30l-3 3M26 30l3 3" className="illustration-line" />
    </Illustration>
  );
}

/** A closed kit box: no kits yet. */
export function KitBoxIllustration() {
  return (
    <Illustration>
      <path d="M24 38l24-10 24 10v26L48 74 24 64Z" className="illustration-fill" />
      <path d="M24 38l24 10 24-10M48 48v26" className="illustration-line illustration-line-light" />
      <path d="M36 33l24 10v8" className="illustration-line illustration-line-accent" />
    </Illustration>
  );
}
