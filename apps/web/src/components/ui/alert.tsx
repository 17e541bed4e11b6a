import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';

type Tone = 'error' | 'warning' | 'info' | 'success';

type AlertProps = {
  tone?: Tone;
  title?: string;
  children: ReactNode;
  id?: string;
  className?: string;
};

const ICONS = { error: CircleAlert, warning: TriangleAlert, info: Info, success: CircleCheck } as const;

/** A message box. Errors interrupt screen readers (role=alert); the others are polite (role=status). */
export function Alert({ tone = 'info', title, children, id, className }: AlertProps) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={['alert', `alert-${tone}`, className].filter(Boolean).join(' ')}
    >
      <Icon icon={ICONS[tone]} className="alert-icon" />
      <div className="alert-content">
        {title ? <p className="alert-title">{title}</p> : null}
        <div className="alert-body">{children}</div>
      </div>
    </div>
  );
}
