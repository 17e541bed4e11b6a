import { MAX_KITS_PER_ORDER, normaliseReferralCode, orderItemSchema, type Promo } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { lookupReferralCode } from '../../lib/kits-api.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { lookupPromo } from '../../lib/orders-api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { dollars, type Quote } from './order-pricing.ts';
import { OrderSummary } from './order-summary.tsx';
import { ORDER_TEXTS } from './orders-texts.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

export type IntroValues = {
  quantity: number;
  giftEmail: string;
  referralCode: string;
  promoInput: string;
  /** The promo code the server accepted; typing another code clears it until it is applied. */
  promo: Promo | null;
};

export const INITIAL_INTRO: IntroValues = {
  quantity: 1,
  giftEmail: '',
  referralCode: '',
  promoInput: '',
  promo: null,
};

type Props = {
  productLabel: string;
  pricesFailed: boolean;
  values: IntroValues;
  onChange: (update: (current: IntroValues) => IntroValues) => void;
  quote: Quote;
  onContinue: () => void;
};

type Errors = { giftEmail?: string; referralCode?: string; promo?: string };

const messageOf = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.fields?.[field] ?? error.message) : CLIENT_MESSAGES.unexpected;

const sameCode = (typed: string, promo: Promo | null) =>
  promo !== null && typed.trim().toUpperCase() === promo.code.toUpperCase();

/** Page 0 of the order: the kit and its price, how many, a gift email, referral and promo codes. */
export function OrderIntroStep({ productLabel, pricesFailed, values, onChange, quote, onContinue }: Props) {
  const [errors, setErrors] = useState<Errors>({});
  const [checking, setChecking] = useState(false);

  async function applyPromo(): Promise<boolean> {
    const code = values.promoInput.trim();
    if (!code) return true;
    if (sameCode(code, values.promo)) return true;
    setChecking(true);
    try {
      const promo = await lookupPromo(code);
      onChange((current) => ({ ...current, promo }));
      setErrors((current) => ({ ...current, promo: undefined }));
      return true;
    } catch (error) {
      setErrors((current) => ({ ...current, promo: messageOf(error, 'promotionalCode') }));
      return false;
    } finally {
      setChecking(false);
    }
  }

  async function checkReferral(): Promise<string | undefined> {
    const code = normaliseReferralCode(values.referralCode);
    if (!code) return undefined;
    try {
      await lookupReferralCode(code);
      return undefined;
    } catch (error) {
      return messageOf(error, 'referralCode');
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const gift = values.giftEmail.trim();
    const giftProblem = gift
      ? orderItemSchema.shape.email.safeParse(gift).error?.issues[0]?.message
      : undefined;
    setChecking(true);
    const referralProblem = await checkReferral();
    setChecking(false);
    setErrors((current) => ({ ...current, giftEmail: giftProblem, referralCode: referralProblem }));
    const promoOk = await applyPromo();
    if (giftProblem || referralProblem || !promoOk) return;
    onContinue();
  }

  return (
    <form noValidate aria-label="Order details" className="order-intro" onSubmit={(e) => void onSubmit(e)}>
      <p className="order-product">
        <strong>{productLabel}</strong> <span>{ORDER_TEXTS.eachPrice(dollars(quote.unitCents))}</span>
      </p>
      {pricesFailed ? <Alert tone="warning">{ORDER_TEXTS.pricesUnavailable}</Alert> : null}
      <QuantityStepper
        value={values.quantity}
        max={MAX_KITS_PER_ORDER}
        onChange={(quantity) => onChange((current) => ({ ...current, quantity }))}
      />
      <Field
        label={ORDER_TEXTS.giftEmail}
        hint={ORDER_TEXTS.giftHint}
        type="email"
        autoComplete="off"
        maxLength={254}
        value={values.giftEmail}
        error={errors.giftEmail}
        onChange={(event) => onChange((current) => ({ ...current, giftEmail: event.target.value }))}
      />
      <Field
        label={ORDER_TEXTS.referralCode}
        hint={ORDER_TEXTS.referralHint}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        value={values.referralCode}
        error={errors.referralCode}
        onChange={(event) => onChange((current) => ({ ...current, referralCode: event.target.value }))}
      />
      <div className="order-promo">
        <Field
          label={ORDER_TEXTS.promoCode}
          hint={ORDER_TEXTS.promoHint}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={values.promoInput}
          error={errors.promo}
          onChange={(event) => {
            const promoInput = event.target.value;
            onChange((current) => ({
              ...current,
              promoInput,
              promo: sameCode(promoInput, current.promo) ? current.promo : null,
            }));
          }}
        />
        <Button variant="secondary" busy={checking} onClick={() => void applyPromo()}>
          {ORDER_TEXTS.apply}
        </Button>
      </div>
      {values.promo ? (
        <Alert tone="success">
          <p>{ORDER_TEXTS.promoApplied(values.promo.code)}</p>
          <p>{ORDER_TEXTS.newTotal(dollars(quote.totalCents))}</p>
        </Alert>
      ) : null}
      <OrderSummary
        lines={[{ label: `${quote.quantity} × ${productLabel}`, cents: quote.subtotalCents }]}
        discount={values.promo ? { code: values.promo.code, cents: quote.discountCents } : null}
        totalCents={quote.totalCents}
      />
      <div className="form-actions">
        <Button type="submit" busy={checking}>
          {ORDER_TEXTS.continueToPayment}
        </Button>
      </div>
    </form>
  );
}
