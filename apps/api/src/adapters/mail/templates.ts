import { mailGreeting, mailName } from '@portal/domain';
import type { MailMessage } from './outbox.ts';
import { defaultPreheader, type MailAction, type MailBrand, renderMail, type Unsubscribe } from './render.ts';

export type MailCtx = MailBrand;
export type { Unsubscribe };

/**
 * One layout for every email (render.ts): the words of a message, its one action and, on
 * non-transactional mail, its unsubscribe line, as branded HTML and plain text. The preheader is the
 * first sentence after the greeting unless the caller gives one.
 */
export function compose(
  ctx: MailCtx,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: MailAction,
  unsubscribe?: Unsubscribe,
  preheader: string = defaultPreheader(paragraphs),
) {
  const { html, text } = renderMail(ctx, { subject, preheader, paragraphs, action, unsubscribe });
  const links = [...(action ? [action.url] : []), ...(unsubscribe ? [unsubscribe.url] : [])];
  return { to, subject, text, html, links } satisfies MailMessage;
}

export function verifyEmailMail(ctx: MailCtx, to: string, firstName: string, token: string) {
  return compose(
    ctx,
    to,
    `Verify your email for ${ctx.brand}`,
    [
      mailGreeting(firstName),
      `Thank you for creating your ${ctx.brand} account. Please confirm your email address to finish setting it up.`,
      'The link works once and expires in 24 hours.',
    ],
    { label: 'Verify my email', url: `${ctx.publicUrl}/verify-email?${token}` },
  );
}

export function resetPasswordMail(ctx: MailCtx, to: string, firstName: string, token: string) {
  return compose(
    ctx,
    to,
    `Reset your ${ctx.brand} password`,
    [
      mailGreeting(firstName),
      'We received a request to reset your password. If it was you, choose a new password with the link below.',
      'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email.',
    ],
    { label: 'Reset my password', url: `${ctx.publicUrl}/reset-password?${token}` },
  );
}

/** Sent when someone registers with an email that already has an account, instead of saying so on screen. */
export function accountExistsMail(ctx: MailCtx, to: string, firstName: string) {
  return compose(
    ctx,
    to,
    `You already have a ${ctx.brand} account`,
    [
      mailGreeting(firstName),
      'Someone, probably you, tried to create an account with this email address, but you already have one.',
      'Sign in with your password, or reset it from the sign-in page if you have forgotten it.',
    ],
    { label: 'Sign in', url: `${ctx.publicUrl}/login` },
  );
}

/** Sent to a parent at a minor's request, with the link to the consent form to sign. */
export function parentConsentMail(ctx: MailCtx, to: string, name: string) {
  const childName = mailName(name, 'Your child');
  return compose(
    ctx,
    to,
    `Parental consent needed for ${childName}'s ${ctx.brand} account`,
    [
      'Hello,',
      `${childName} has asked you, as their parent or guardian, to consent to their ${ctx.brand} microbiome results being shown to them.`,
      'Please download the form below, sign it and give it back to them to upload in My Profile. Results stay hidden until we have reviewed the signed form.',
    ],
    { label: 'Download the consent form', url: `${ctx.publicUrl}/api/parental-consent/form.pdf` },
  );
}
