import { formatMoney, mailGreeting } from '@portal/domain';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';

/**
 * The email a customer gets when staff refund (part of) an order (issue 34 item 12). Its texts live here,
 * together, so a notification centre can take them over as they are.
 */
export const REFUND_MAIL_TEXTS = {
  subject: (brand: string, number: string) => `Your ${brand} order ${number} has been refunded`,
  partialSubject: (brand: string, number: string) =>
    `Part of your ${brand} order ${number} has been refunded`,
  refunded: (cents: number, number: string) =>
    `We have refunded $${formatMoney(cents)} AUD of your order ${number} to the card you paid with.`,
  total: (refundedCents: number, paidCents: number) =>
    `In all, $${formatMoney(refundedCents)} of the $${formatMoney(paidCents)} you paid has been refunded.`,
  bankTime: 'Your bank usually shows the refund within 5 to 10 business days.',
  kitsCancelled: (count: number) =>
    count === 1
      ? 'The kit of this order that had not been sent yet is cancelled.'
      : `The ${count} kits of this order that had not been sent yet are cancelled.`,
  kitsKept: 'A kit we have already sent you stays yours.',
  contact: (supportEmail: string) =>
    `If you have a question about this refund, write to us at ${supportEmail}.`,
} as const;

export function refundMail(
  ctx: MailCtx,
  to: { email: string; firstName: string },
  refund: {
    number: string;
    amountCents: number;
    refundedCents: number;
    paidCents: number;
    full: boolean;
    cancelledKits: number;
    sentKits: number;
  },
) {
  const t = REFUND_MAIL_TEXTS;
  return compose(
    ctx,
    to.email,
    refund.full ? t.subject(ctx.brand, refund.number) : t.partialSubject(ctx.brand, refund.number),
    [
      mailGreeting(to.firstName),
      t.refunded(refund.amountCents, refund.number),
      ...(refund.refundedCents !== refund.amountCents
        ? [t.total(refund.refundedCents, refund.paidCents)]
        : []),
      t.bankTime,
      ...(refund.cancelledKits > 0 ? [t.kitsCancelled(refund.cancelledKits)] : []),
      ...(refund.full && refund.sentKits > 0 ? [t.kitsKept] : []),
      t.contact(ctx.supportEmail),
    ],
    { label: 'See my kits', url: `${ctx.publicUrl}/kits` },
  );
}
