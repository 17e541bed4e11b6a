/* The dashboard's empty-state pictures: inline, decorative (aria-hidden), drawn in the brand's tokens. */

/** A quiet bell: no notifications yet. */
export function BellIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" className="illustration-bg" />
      <path d="M30 62h36l-4-6V42a14 14 0 0 0-28 0v14Z" className="illustration-fill" />
      <circle cx="48" cy="68" r="5" className="illustration-accent" />
      <path d="M48 24v4M70 30l-3 3M26 30l3 3" className="illustration-line" />
    </svg>
  );
}

/** A closed kit box: no kits yet. */
export function KitBoxIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" className="illustration-bg" />
      <path d="M24 38l24-10 24 10v26L48 74 24 64Z" className="illustration-fill" />
      <path d="M24 38l24 10 24-10M48 48v26" className="illustration-line illustration-line-light" />
      <path d="M36 33l24 10v8" className="illustration-line illustration-line-accent" />
    </svg>
  );
}
