import type { ReactNode } from 'react';

/**
 * A polite live region that is always in the page, so screen readers announce the text put into it
 * (a region inserted together with its text is often missed).
 */
export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <p className="kit-status-message" role="status">
      {children}
    </p>
  );
}
