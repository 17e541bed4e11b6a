import { mailGreeting } from '@portal/domain';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';

/**
 * The invitation a candidate imported by the study team gets (issue 34 item 18). Its texts live here,
 * together, so a notification centre can take them over as they are.
 */
export const CANDIDATE_INVITATION_MAIL_TEXTS = {
  subject: (brand: string, title: string) => `You are invited to take part in ${title} (${brand})`,
  invited: (title: string) => `The study team invites you to take part in ${title}.`,
  consent:
    'Please read the study information and give your answer with the link below. It takes a few minutes.',
  noConsent: 'The study team will send you the study information soon.',
  unsubscribe: (url: string) => `If you do not want to hear from this study again: ${url}`,
} as const;

export function candidateInvitationMail(
  ctx: MailCtx,
  to: { email: string; firstName: string },
  invitation: { title: string; consentLink: string | null; unsubscribeLink: string },
) {
  const t = CANDIDATE_INVITATION_MAIL_TEXTS;
  return compose(
    ctx,
    to.email,
    t.subject(ctx.brand, invitation.title),
    [
      mailGreeting(to.firstName),
      t.invited(invitation.title),
      invitation.consentLink ? t.consent : t.noConsent,
      t.unsubscribe(invitation.unsubscribeLink),
    ],
    invitation.consentLink ? { label: 'Read and answer', url: invitation.consentLink } : undefined,
  );
}
