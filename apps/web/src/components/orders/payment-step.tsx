import { ORDER_MESSAGES, type OrderResult, orderRequestSchema } from '@portal/domain';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { z } from 'zod';
import { useConfig } from '../../lib/config.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { CardFields } from './card-fields.tsx';
import {
  type CardDetails,
  type CardEntry,
  EMPTY_CARD,
  embeddedCardEntry,
  NO_CARD_ENTRY,
} from './card-tokenizer.ts';
import { dollars } from './order-pricing.ts';
import { ORDER_TEXTS } from './orders-texts.ts';
import { StripeCardField } from './stripe-card-field.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';
import { TestAuthentication } from './test-authentication.tsx';
import { type OrderDraft, usePayment } from './use-payment.ts';

export type Purchaser = { purchaserFirstName: string; purchaserLastName: string; purchaserEmail: string };
type PurchaserField = keyof Purchaser;

// The order's own rules for the purchaser, so the page and the server agree.
const purchaserSchema = z.object({
  purchaserFirstName: orderRequestSchema.shape.purchaserFirstName,
  purchaserLastName: orderRequestSchema.shape.purchaserLastName,
  purchaserEmail: orderRequestSchema.shape.purchaserEmail,
});

function purchaserProblems(purchaser: Purchaser): Partial<Record<PurchaserField, string>> {
  const parsed = purchaserSchema.safeParse(purchaser);
  const problems: Partial<Record<PurchaserField, string>> = {};
  for (const issue of parsed.error?.issues ?? []) problems[issue.path[0] as PurchaserField] ??= issue.message;
  return problems;
}

type Checks = {
  fields: Partial<Record<PurchaserField, string>>;
  card: string | null;
  terms: string | null;
};
const NO_PROBLEMS: Checks = { fields: {}, card: null, terms: null };

type Props = {
  user: CurrentUser;
  totalCents: number;
  /** The order summary at the top of the page. */
  summary: ReactNode;
  /** More of the page before the purchaser's details, e.g. the delivery address. */
  children?: ReactNode;
  buildOrder: (purchaser: Purchaser) => OrderDraft;
  onPaid: (result: OrderResult, purchaser: Purchaser) => void;
  onBack?: () => void;
};

/**
 * The payment page shared by the order, replacement and subscription modals: purchaser details
 * (prefilled), card, terms and Pay. Consumer §5 checks run first; then the card is tokenized and the
 * order placed, with §8's texts for a payment that fails.
 */
export function PaymentStep({ user, totalCents, summary, children, buildOrder, onPaid, onBack }: Props) {
  const [purchaser, setPurchaser] = useState<Purchaser>({
    purchaserFirstName: user.firstName,
    purchaserLastName: user.lastName,
    purchaserEmail: user.email,
  });
  const { stripePublishableKey } = useConfig();
  const [card, setCard] = useState<CardDetails>(EMPTY_CARD);
  const [stripeCard, setStripeCard] = useState<CardEntry>(NO_CARD_ENTRY);
  // The test provider's 3-D Secure step, while it waits for the person's choice.
  const [challenge, setChallenge] = useState<((complete: boolean) => void) | null>(null);
  const askToAuthenticate = () => new Promise<boolean>((resolve) => setChallenge(() => resolve));
  // With a Stripe key the card is typed into Stripe's own frame; otherwise into our fields (test provider).
  const cardEntry = stripePublishableKey ? stripeCard : embeddedCardEntry(card, askToAuthenticate);
  const [agreed, setAgreed] = useState(false);
  const [checks, setChecks] = useState<Checks>(NO_PROBLEMS);
  const formRef = useRef<HTMLFormElement>(null);
  const payment = usePayment((result) => onPaid(result, purchaser));
  const fieldErrors = { ...pickPurchaserErrors(payment.fieldErrors), ...checks.fields };
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Checks = {
      fields: purchaserProblems(purchaser),
      card: cardEntry.complete ? null : ORDER_MESSAGES.cardIncomplete,
      terms: agreed ? null : ORDER_MESSAGES.terms,
    };
    setChecks(found);
    if (Object.keys(found.fields).length > 0 || found.card || found.terms) {
      // The first thing to fix takes focus; its message is read with it (aria-describedby). Stripe's
      // card frame is not ours to mark aria-invalid, so its container carries data-invalid.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus(),
      );
      return;
    }
    void payment.pay(buildOrder(purchaser), cardEntry);
  }

  const purchaserField = (name: PurchaserField) => ({
    value: purchaser[name],
    error: fieldErrors[name],
    onChange: (event: { target: { value: string } }) =>
      setPurchaser((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form ref={formRef} noValidate aria-label="Payment" className="payment-form" onSubmit={onSubmit}>
      {summary}
      {children}
      <fieldset className="payment-purchaser">
        <legend>{ORDER_TEXTS.purchaser}</legend>
        <Field
          label={ORDER_TEXTS.firstName}
          autoComplete="given-name"
          maxLength={25}
          {...purchaserField('purchaserFirstName')}
        />
        <Field
          label={ORDER_TEXTS.lastName}
          autoComplete="family-name"
          maxLength={25}
          {...purchaserField('purchaserLastName')}
        />
        <Field
          label={ORDER_TEXTS.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          {...purchaserField('purchaserEmail')}
        />
      </fieldset>
      {stripePublishableKey ? (
        <StripeCardField publishableKey={stripePublishableKey} onChange={setStripeCard} error={checks.card} />
      ) : (
        <CardFields value={card} onChange={setCard} error={checks.card} />
      )}
      <TermsCheckbox checked={agreed} onChange={setAgreed} error={checks.terms} />
      {hasFieldErrors ? <Alert tone="error">{ORDER_MESSAGES.formErrors}</Alert> : null}
      {payment.error ? <Alert tone="error">{payment.error}</Alert> : null}
      {challenge ? (
        <TestAuthentication
          onDone={(complete) => {
            setChallenge(null);
            challenge(complete);
          }}
        />
      ) : null}
      <div className="form-actions">
        {onBack ? (
          <Button variant="secondary" onClick={onBack} disabled={payment.busy}>
            {ORDER_TEXTS.back}
          </Button>
        ) : null}
        <Button type="submit" busy={payment.busy} busyLabel={ORDER_TEXTS.paying}>
          {ORDER_TEXTS.pay(dollars(totalCents))}
        </Button>
      </div>
    </form>
  );
}

/** A 400 from the server may name purchaser fields; the others (card, items) have their own message. */
function pickPurchaserErrors(fields: Record<string, string>): Partial<Record<PurchaserField, string>> {
  const picked: Partial<Record<PurchaserField, string>> = {};
  for (const name of ['purchaserFirstName', 'purchaserLastName', 'purchaserEmail'] as const) {
    if (fields[name]) picked[name] = fields[name];
  }
  return picked;
}
