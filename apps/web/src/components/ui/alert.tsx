import type { ReactNode } from 'react';

type Tone = 'error' | 'warning' | 'info' | 'success';

type AlertProps = {
  tone?: Tone;
  title?: string;
  children: ReactNode;
  id?: string;
  className?: string;
};

/**
 * A message box. Errors interrupt screen readers (role=alert); the others are polite (role=status).
 * No icon: the sign-in page shows alerts, and lucide's runtime would put /login's JavaScript over its
 * 120 KB budget (decision 034); the tone's colour and bar mark it, the text says it.
 */
export function Alert({ tone = 'info', title, children, id, className }: AlertProps) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={['alert', `alert-${tone}`, className].filter(Boolean).join(' ')}
    >
      <div className="alert-content">
        {title ? <p className="alert-title">{title}</p> : null}
        <div className="alert-body">{children}</div>
      </div>
    </div>
  );
}
