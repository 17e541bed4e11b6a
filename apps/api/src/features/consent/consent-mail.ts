import { mailGreeting } from '@portal/domain';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';

/**
 * The email a family gets when staff decide the signed parental consent form (issue 34 item 12). Its texts
 * live here, together, so a notification centre can take them over as they are.
 */
export const CONSENT_DECISION_MAIL_TEXTS = {
  approvedSubject: (brand: string) => `Your ${brand} parental consent form is approved`,
  approved:
    'We have reviewed the signed parental consent form and approved it. Results can now be shown in the portal.',
  declinedSubject: (brand: string) => `Your ${brand} parental consent form needs another look`,
  declined: 'We have reviewed the signed parental consent form and could not accept it, for this reason:',
  again:
    'Please send us a new signed form: upload it in My Profile, where you can also read this reason again.',
  contact: (supportEmail: string) => `If you have a question, write to us at ${supportEmail}.`,
} as const;

export function consentDecisionMail(
  ctx: MailCtx,
  to: { email: string; firstName: string },
  decision: { approve: boolean; reason: string | null },
) {
  const t = CONSENT_DECISION_MAIL_TEXTS;
  const action = { label: 'Open My Profile', url: `${ctx.publicUrl}/profile` };
  if (decision.approve)
    return compose(
      ctx,
      to.email,
      t.approvedSubject(ctx.brand),
      [mailGreeting(to.firstName), t.approved, t.contact(ctx.supportEmail)],
      action,
    );
  return compose(
    ctx,
    to.email,
    t.declinedSubject(ctx.brand),
    [
      mailGreeting(to.firstName),
      t.declined,
      `“${decision.reason ?? ''}”`,
      t.again,
      t.contact(ctx.supportEmail),
    ],
    action,
  );
}
