import type { ReactNode } from 'react';
import { DefaultIllustration } from './illustrations.tsx';

/**
 * What a page shows when it has nothing yet: a small inline illustration, the text (the spec's, word
 * for word), and the next thing to do.
 */
export function EmptyState({
  illustration = <DefaultIllustration />,
  title,
  children,
  action,
  className,
}: {
  /** An inline SVG (decorative: give it aria-hidden). */
  illustration?: ReactNode;
  title?: ReactNode;
  children: ReactNode;
  /** A link or button: the next step. */
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={['empty-state', className].filter(Boolean).join(' ')}>
      <div className="empty-state-art">{illustration}</div>
      <div className="empty-state-text">
        {title ? <p className="empty-state-title">{title}</p> : null}
        {children}
        {action ? <div className="empty-state-action">{action}</div> : null}
      </div>
    </div>
  );
}
