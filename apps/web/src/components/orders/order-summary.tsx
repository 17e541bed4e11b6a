import { dollars } from './order-pricing.ts';
import { ORDER_TEXTS } from './orders-texts.ts';

export type SummaryLine = { label: string; cents: number };

type Props = {
  lines: SummaryLine[];
  /** The applied promo code and what it takes off. */
  discount?: { code: string; cents: number } | null;
  totalCents: number;
};

/** What the person is paying for, the discount and the total, as a description list. */
export function OrderSummary({ lines, discount, totalCents }: Props) {
  return (
    <section className="order-summary" aria-label={ORDER_TEXTS.summaryLabel}>
      <dl>
        {lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{dollars(line.cents)}</dd>
          </div>
        ))}
        {discount && discount.cents > 0 ? (
          <div>
            <dt>{ORDER_TEXTS.discount(discount.code)}</dt>
            <dd>−{dollars(discount.cents)}</dd>
          </div>
        ) : null}
        <div className="order-summary-total">
          <dt>{ORDER_TEXTS.total}</dt>
          <dd>{dollars(totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
