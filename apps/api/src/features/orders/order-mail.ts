import { formatMoney, mailGreeting, type PricedLine, withBrand } from '@portal/domain';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';

export function receiptMail(
  ctx: MailCtx,
  to: { email: string; firstName: string },
  order: {
    number: string;
    lines: PricedLine[];
    subtotalCents: number;
    discountCents: number;
    totalCents: number;
  },
) {
  const lines = order.lines.map(
    (l) =>
      `${l.quantity} × ${withBrand(l.label, ctx.brand)} at ${formatMoney(l.unitCents)}: ${formatMoney(l.totalCents)}`,
  );
  return compose(
    ctx,
    to.email,
    `Your ${ctx.brand} order ${order.number}`,
    [
      mailGreeting(to.firstName),
      `Thank you for your order ${order.number}. Here is your receipt (AUD, GST included).`,
      ...lines,
      ...(order.discountCents > 0 ? [`Promo discount: -${formatMoney(order.discountCents)}`] : []),
      `Total paid: ${formatMoney(order.totalCents)}`,
      'Your kits are in your account under My Kits. Choose "Send this kit to me now" when you are ready for one.',
    ],
    { label: 'See my kits', url: `${ctx.publicUrl}/kits` },
  );
}

export function renewalMail(
  ctx: MailCtx,
  to: { email: string; firstName: string },
  planLabel: string,
  cents: number,
) {
  return compose(
    ctx,
    to.email,
    `Your ${ctx.brand} subscription kit is on its way`,
    [
      mailGreeting(to.firstName),
      `Your subscription (${planLabel}) has renewed: we charged ${formatMoney(cents)} AUD and are packing your next kit.`,
      'You can cancel your subscription at any time in My Profile.',
    ],
    { label: 'Follow your kit', url: `${ctx.publicUrl}/kits` },
  );
}

export function renewalFailedMail(ctx: MailCtx, to: { email: string; firstName: string }, planLabel: string) {
  return compose(ctx, to.email, `We could not renew your ${ctx.brand} subscription`, [
    mailGreeting(to.firstName),
    `The payment for your subscription (${planLabel}) did not go through. We will try again tomorrow.`,
    `If your card has changed, please contact us at ${ctx.supportEmail}.`,
  ]);
}
