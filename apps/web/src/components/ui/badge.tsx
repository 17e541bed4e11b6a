import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'error' | 'info' | 'accent';

/** A short status label ("Registered", "Report ready"). The text carries the meaning, the colour repeats it. */
export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return <span className={['badge', `badge-${tone}`, className].filter(Boolean).join(' ')}>{children}</span>;
}
