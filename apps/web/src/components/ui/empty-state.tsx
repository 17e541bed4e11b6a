import type { ReactNode } from 'react';

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

/** A calm default: a soft teal circle with a sprouting leaf, in the brand's colours. */
export function DefaultIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" className="illustration-bg" />
      <path d="M48 74V44" className="illustration-line" />
      <path d="M48 52c-14 0-20-10-20-20 12 0 20 6 20 20Z" className="illustration-fill" />
      <path d="M48 46c0-14 8-22 22-22 0 14-8 22-22 22Z" className="illustration-accent" />
      <path d="M30 74h36" className="illustration-line" />
    </svg>
  );
}
