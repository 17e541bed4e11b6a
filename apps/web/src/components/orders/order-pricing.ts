import { formatMoney, type Plan, PRICES, type Promo, priceOrder, promoDiscountCents } from '@portal/domain';

export type Quote = {
  unitCents: number;
  quantity: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

type KitOrderType = 'NEW' | 'REPLACEMENT';

const FALLBACK_CENTS: Record<KitOrderType, number> = {
  NEW: PRICES.newKitFallbackCents,
  REPLACEMENT: PRICES.replacementFallbackCents,
};

const kitItems = (quantity: number) =>
  Array.from({ length: quantity }, () => ({ orderItemType: 'KIT' as const }));

/**
 * What kits cost before paying. With the prices loaded this is the domain's priceOrder, exactly what the
 * server charges; when they could not load, the spec's fallback price is shown instead (§9), and the
 * server will answer a changed price if that fallback is not what it charges.
 */
export function quoteKits(
  orderType: KitOrderType,
  quantity: number,
  promo: Pick<Promo, 'type' | 'value'> | null,
  pricesLoaded: boolean,
): Quote {
  if (!pricesLoaded) {
    const unitCents = FALLBACK_CENTS[orderType];
    const subtotalCents = unitCents * quantity;
    const discountCents = promoDiscountCents(subtotalCents, promo);
    return { unitCents, quantity, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
  }
  const priced = priceOrder({ orderType, orderItems: kitItems(quantity) }, promo);
  return {
    unitCents: priced.lines[0]?.unitCents ?? 0,
    quantity,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
  };
}

/** A subscription's first payment: one kit at the plan's price. */
export function quotePlan(plan: Plan): Quote {
  const priced = priceOrder(
    { orderType: 'NEW', orderItems: [{ orderItemType: 'SUBSCRIPTION', subscriptionType: plan.type }] },
    null,
  );
  return {
    unitCents: plan.priceCents,
    quantity: 1,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
  };
}

/** 62820 → '$628.20'. */
export const dollars = (cents: number) => `$${formatMoney(cents)}`;

// Made on first use: a page's first Intl formatter loads the locale's data, a third of a second of a
// throttled phone's CPU, which pages importing this module without formatting a date do not pay (decision 034).
let auDate: Intl.DateTimeFormat | undefined;
const auDateFormat = () =>
  (auDate ??= new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' }));

/** An ISO timestamp as a day people in Australia read, e.g. '22 November 2025'. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : auDateFormat().format(date);
}
