import type { LucideIcon } from 'lucide-react';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useHydrated } from '../../lib/hydration.ts';
import { Icon } from './icon.tsx';

type ButtonProps = ComponentProps<'button'> & {
  /** 'danger': an action that cannot be undone (closing the account). */
  variant?: 'primary' | 'secondary' | 'link' | 'quiet' | 'danger';
  /**
   * Disables the button while a request runs, shows a spinner and tells assistive technology it is busy
   * (issue 33 item 20: on a slow network a submit must show that it is working).
   */
  busy?: boolean;
  /** The label while busy ("Paying…", "Saving…"); without it the label stays, next to the spinner. */
  busyLabel?: string;
  /** An icon before the label (decorative: the label names the button). */
  icon?: LucideIcon;
};

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  icon,
  className,
  type,
  disabled,
  children,
  ...props
}: ButtonProps) {
  // On a page the server drew (decisions 014 and 073), a button does nothing until the app has taken the
  // page over: until then it says so, rather than taking a tap that is lost.
  const hydrated = useHydrated();
  return (
    <button
      type={type ?? 'button'}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy || !hydrated}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? (
        <Icon icon={LoaderCircle} size="sm" className="button-spinner" data-testid="button-spinner" />
      ) : icon ? (
        <Icon icon={icon} size="sm" />
      ) : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
