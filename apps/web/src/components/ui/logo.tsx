/**
 * The brand's logo: a mark (a teal circle holding a leaf-shaped microbe and two small ones) and the
 * BRAND_NAME setting set beside it as text, so the logo changes with the brand. Drawn inline with
 * the tokens' colours; the name is real text, so it is what assistive technology reads.
 */
export function Logo({ brandName, className }: { brandName: string; className?: string }) {
  return (
    <span className={['logo', className].filter(Boolean).join(' ')}>
      <LogoMark />
      <span className="logo-name">{brandName}</span>
    </span>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      className={['logo-mark', className].filter(Boolean).join(' ')}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="15" className="logo-mark-bg" />
      <path d="M9 21c0-7 5-12 14-12 0 9-5 14-12 14-1 0-2 0-2-2Z" className="logo-mark-leaf" />
      <path d="M10.5 21.5 19 13" className="logo-mark-vein" />
      <circle cx="22.5" cy="21.5" r="2.2" className="logo-mark-dot" />
      <circle cx="10.5" cy="10.5" r="1.6" className="logo-mark-dot" />
    </svg>
  );
}
