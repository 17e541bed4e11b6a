import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from './outbox.ts';

export type MailCtx = { brand: string; publicUrl: string; supportEmail: string };

/** One layout for every email: a plain-text body and the same words as branded HTML. */
export function compose(
  ctx: MailCtx,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), `— ${ctx.brand}`].join(
    '\n\n',
  );
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2933;max-width:560px;margin:auto">
<h1 style="font-size:20px;color:#0b5d4b">${escapeHtml(ctx.brand)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="background:#0b5d4b;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px">${escapeHtml(action.url)}</p>` : ''}
<p style="font-size:12px;color:#52606d">${escapeHtml(ctx.brand)} · ${escapeHtml(ctx.supportEmail)}</p>
</body></html>`;
  return { to, subject, text, html, links: action ? [action.url] : [] } satisfies MailMessage;
}

export function verifyEmailMail(ctx: MailCtx, to: string, firstName: string, token: string) {
  return compose(
    ctx,
    to,
    `Verify your email for ${ctx.brand}`,
    [
      `Hi ${firstName},`,
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
      `Hi ${firstName},`,
      'We received a request to reset your password. If it was you, choose a new password with the link below.',
      'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email.',
    ],
    { label: 'Reset my password', url: `${ctx.publicUrl}/reset-password?${token}` },
  );
}

/**
 * Sent when a reset is asked for an email without an account, in place of the reset link: the request
 * then does the same work either way, so its timing does not tell whether the email has an account.
 */
export function resetNoAccountMail(ctx: MailCtx, to: string) {
  return compose(
    ctx,
    to,
    `Reset your ${ctx.brand} password`,
    [
      'Hi,',
      `We received a request to reset the password of a ${ctx.brand} account with this email address, but there is no account with it.`,
      'If it was you, you may have signed up with another email address, or you can create an account with the link below. If you did not ask for this, you can ignore this email.',
    ],
    { label: 'Create an account', url: `${ctx.publicUrl}/register` },
  );
}

/** Sent when someone registers with an email that already has an account, instead of saying so on screen. */
export function accountExistsMail(ctx: MailCtx, to: string, firstName: string) {
  return compose(
    ctx,
    to,
    `You already have a ${ctx.brand} account`,
    [
      `Hi ${firstName},`,
      'Someone, probably you, tried to create an account with this email address, but you already have one.',
      'Sign in with your password, or reset it from the sign-in page if you have forgotten it.',
    ],
    { label: 'Sign in', url: `${ctx.publicUrl}/login` },
  );
}

/** Sent to a parent at a minor's request, with the link to the consent form to sign. */
export function parentConsentMail(ctx: MailCtx, to: string, childName: string) {
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
