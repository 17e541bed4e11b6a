import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Icon } from './icon.tsx';

type ButtonProps = ComponentProps<'button'> & {
  variant?: 'primary' | 'secondary' | 'link' | 'quiet';
  /** Disables the button while a request runs and tells assistive technology it is busy. */
  busy?: boolean;
  /** An icon before the label (decorative: the label names the button). */
  icon?: LucideIcon;
};

export function Button({
  variant = 'primary',
  busy = false,
  icon,
  className,
  type,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {icon ? <Icon icon={icon} size="sm" /> : null}
      {children}
    </button>
  );
}
