import { mailGreeting } from '@portal/domain';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';

/**
 * The email a customer gets when support orders a replacement kit for them (issue 34 item 12). Its texts
 * live here, together, so a notification centre can take them over as they are.
 */
export const REPLACEMENT_MAIL_TEXTS = {
  subject: (brand: string) => `We have ordered a replacement ${brand} kit for you`,
  ordered: (failedKitId: number, kitId: number) =>
    `The lab could not analyse the sample of KIT-${failedKitId}, so we have ordered a replacement kit for you, KIT-${kitId}, free of charge.`,
  sent: 'We will send it to the address your first kit went to. It usually arrives in 3-6 business days.',
  choose: 'Choose "Send this kit to me now" in My Kits when you are ready for it.',
  contact: (supportEmail: string) => `If you have a question, write to us at ${supportEmail}.`,
} as const;

export function replacementMail(
  ctx: MailCtx,
  to: { email: string; firstName: string },
  replacement: { failedKitId: number; kitId: number; sent: boolean },
) {
  const t = REPLACEMENT_MAIL_TEXTS;
  return compose(
    ctx,
    to.email,
    t.subject(ctx.brand),
    [
      mailGreeting(to.firstName),
      t.ordered(replacement.failedKitId, replacement.kitId),
      replacement.sent ? t.sent : t.choose,
      t.contact(ctx.supportEmail),
    ],
    { label: 'See my kits', url: `${ctx.publicUrl}/kits` },
  );
}
