import type { ComponentProps } from 'react';

type ButtonProps = ComponentProps<'button'> & {
  variant?: 'primary' | 'secondary' | 'link';
  /** Disables the button while a request runs and tells assistive technology it is busy. */
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  busy = false,
  className,
  type,
  disabled,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    />
  );
}
