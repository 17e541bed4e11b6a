import { useEffect, useId, useRef } from 'react';
import { Button } from '../ui/button.tsx';
import { ORDER_TEXTS } from './orders-texts.ts';

/**
 * The embedded provider's stand-in for the bank's 3-D Secure page (Stripe shows its own): shown when a
 * test card asks for authentication, it lets the person complete or fail it. Focus moves here, as it
 * would to the bank's frame.
 */
export function TestAuthentication({ onDone }: { onDone: (complete: boolean) => void }) {
  const titleId = useId();
  const textId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <section className="payment-authentication" aria-labelledby={titleId} aria-describedby={textId}>
      <h3 id={titleId}>{ORDER_TEXTS.testAuthTitle}</h3>
      <p id={textId}>{ORDER_TEXTS.testAuthText}</p>
      <div className="form-actions">
        <Button variant="secondary" onClick={() => onDone(false)}>
          {ORDER_TEXTS.testAuthFail}
        </Button>
        <Button ref={first} onClick={() => onDone(true)}>
          {ORDER_TEXTS.testAuthComplete}
        </Button>
      </div>
    </section>
  );
}
