import type { ReactNode } from 'react';

type AlertProps = {
  tone?: 'error' | 'warning' | 'info' | 'success';
  title?: string;
  children: ReactNode;
  id?: string;
  className?: string;
};

/** A message box. Errors interrupt screen readers (role=alert); the others are polite (role=status). */
export function Alert({ tone = 'info', title, children, id, className }: AlertProps) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={['alert', `alert-${tone}`, className].filter(Boolean).join(' ')}
    >
      {title ? <p className="alert-title">{title}</p> : null}
      <div className="alert-body">{children}</div>
    </div>
  );
}
