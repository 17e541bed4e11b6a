import type { ConsentFlow } from '@portal/domain';
import { useId } from 'react';

type Consent = ConsentFlow['consents'][number];

/** The consent's HTML as plain text: no markup from the server reaches the page. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

type Props = { consent: Consent; choice: boolean | null; onChoose: (consented: boolean) => void };

export function DataUsageConsent({ consent, choice, onChoose }: Props) {
  const headingId = useId();
  const name = useId();
  const checked = choice ?? consent.response?.consented ?? null;
  return (
    <section className="card profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{consent.title}</h2>
      <p className="consent-text">{plainText(consent.htmlContent)}</p>
      <fieldset className="choice-group">
        <legend>Your response</legend>
        <label className="choice">
          <input type="radio" name={name} checked={checked === true} onChange={() => onChoose(true)} />{' '}
          {consent.agreeLabel}
        </label>
        <label className="choice">
          <input type="radio" name={name} checked={checked === false} onChange={() => onChoose(false)} />{' '}
          {consent.disagreeLabel}
        </label>
      </fieldset>
    </section>
  );
}
