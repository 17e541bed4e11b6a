import type { StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { type CardEntry, loadStripeFor, stripeCardEntry } from './card-tokenizer.ts';
import { ORDER_TEXTS } from './orders-texts.ts';

type Props = {
  publishableKey: string;
  onChange: (card: CardEntry) => void;
  /** The §5 incomplete-card text after a refused Pay. */
  error: string | null;
};

type LoadState = 'loading' | 'ready' | 'failed';

/**
 * Stripe mode's card entry: Stripe's card Element, an iframe from js.stripe.com holding the number,
 * expiry and security code, mounted in a container labelled by the legend. Stripe's own messages
 * (typed as the person goes) and the §5 text share one error slot that describes the card group.
 */
export function StripeCardField({ publishableKey, onChange, error }: Props) {
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const frameRef = useRef<HTMLDivElement>(null);
  const elementRef = useRef<StripeCardElement | null>(null);
  const [loadState, setLoadState] = useState<LoadState>('loading');
  const [stripeMessage, setStripeMessage] = useState<string | null>(null);
  const report = useEffectEvent(onChange);

  useEffect(() => {
    let cancelled = false;
    let element: StripeCardElement | null = null;
    loadStripeFor(publishableKey).then(
      (stripe) => {
        const container = frameRef.current;
        if (cancelled) return;
        if (!stripe || !container) {
          setLoadState('failed');
          return;
        }
        const card = stripe
          .elements()
          .create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } });
        let version = 0;
        card.on('change', (event) => {
          version += 1;
          setStripeMessage(event.error?.message ?? null);
          report(stripeCardEntry(stripe, card, event.complete, version));
        });
        card.mount(container);
        element = card;
        elementRef.current = card;
        setLoadState('ready');
      },
      () => {
        if (!cancelled) setLoadState('failed');
      },
    );
    return () => {
      cancelled = true;
      element?.destroy();
      elementRef.current = null;
    };
  }, [publishableKey]);

  const messages = [error, stripeMessage, loadState === 'failed' ? ORDER_TEXTS.cardUnavailable : null].filter(
    (message): message is string => Boolean(message),
  );
  const invalid = messages.length > 0;

  return (
    <fieldset
      className="payment-card"
      aria-describedby={[noteId, invalid ? errorId : null].filter(Boolean).join(' ')}
      aria-busy={loadState === 'loading'}
    >
      <legend>{ORDER_TEXTS.card}</legend>
      <p id={noteId} className="field-hint">
        {loadState === 'loading' ? ORDER_TEXTS.cardLoading : ORDER_TEXTS.stripeNote}
      </p>
      {/* Stripe fills this container; React renders nothing inside it. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only focused by script (the first invalid field after a refused Pay), and passes focus on into Stripe's card frame. */}
      <div
        ref={frameRef}
        className="payment-card-frame"
        data-invalid={invalid || undefined}
        tabIndex={-1}
        onFocus={(event) => {
          if (event.target === event.currentTarget) elementRef.current?.focus();
        }}
      />
      {invalid ? (
        <div id={errorId} role="alert">
          {messages.map((message) => (
            <p key={message} className="field-error">
              {message}
            </p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
