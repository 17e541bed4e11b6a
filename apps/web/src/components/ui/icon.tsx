import type { LucideIcon, LucideProps } from 'lucide-react';

/**
 * An icon of the one icon set (lucide-react, imported by name so the build keeps only those used).
 * Decorative by default: hidden from assistive technology, the text next to it says what it means.
 */
export function Icon({
  icon: Glyph,
  size = 'md',
  className,
  ...props
}: { icon: LucideIcon; size?: 'sm' | 'md' } & LucideProps) {
  return (
    <Glyph
      aria-hidden="true"
      focusable="false"
      className={['icon', size === 'sm' ? 'icon-sm' : null, className].filter(Boolean).join(' ')}
      strokeWidth={2}
      {...props}
    />
  );
}
