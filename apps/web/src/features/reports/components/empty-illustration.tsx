import { Illustration } from '../../../components/ui/illustrations.tsx';

/** A report page with its bars still to come: no reports yet. Decorative, in the brand's tokens. */
export function ReportIllustration() {
  return (
    <Illustration>
      <rect x="26" y="22" width="44" height="54" rx="6" className="illustration-fill" />
      <path d="M36 64V54M48 64V44M60 64V50" className="illustration-line illustration-line-light" />
      <circle cx="62" cy="30" r="6" className="illustration-accent" />
    </Illustration>
  );
}
