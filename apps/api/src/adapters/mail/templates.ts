import {
  BRAND_COLOURS,
  BRAND_FONT_FAMILY,
  BRAND_RADIUS_PX,
  EMAIL_PREFERENCES_TEXTS,
  mailGreeting,
  mailName,
} from '@portal/domain';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from './outbox.ts';

export type MailCtx = { brand: string; publicUrl: string; supportEmail: string };
/**
 * The unsubscribe line of a non-transactional email (category-mail.ts builds it): the category's name
 * and the link to its one-click unsubscribe page.
 */
export type Unsubscribe = { label: string; url: string };

const C = BRAND_COLOURS;
const FONT = BRAND_FONT_FAMILY.replaceAll("'", '');
const R = `${BRAND_RADIUS_PX}px`;

/**
 * The header every email opens with: the brand's mark (the web app's icon, a PNG, since mail clients
 * block SVG) and the BRAND_NAME setting as real text beside it, on the page colour with a teal rule
 * above, as the portal's header. The name stays readable when a client holds images back.
 */
export function mailHeader(ctx: MailCtx): string {
  const brand = escapeHtml(ctx.brand);
  return `<tr><td style="padding:0 0 16px;border-top:4px solid ${C.primary}">
<table role="presentation" cellpadding="0" cellspacing="0" style="margin-top:20px"><tr>
<td style="padding-right:10px;vertical-align:middle"><img src="${escapeHtml(ctx.publicUrl)}/icon-192.png" width="36" height="36" alt="" style="display:block;border:0;border-radius:50%"></td>
<td style="vertical-align:middle;font-size:20px;font-weight:700;color:${C.primary}">${brand}</td>
</tr></table></td></tr>`;
}

/** The footer every email closes with: who sent it, how to reach support, and the portal's address. */
export function mailFooter(ctx: MailCtx): string {
  const url = escapeHtml(ctx.publicUrl);
  const support = escapeHtml(ctx.supportEmail);
  return `<tr><td style="padding:16px 4px 0;font-size:12px;line-height:1.5;color:${C.muted}">
<p style="margin:0 0 4px;font-weight:700;color:${C.text}">${escapeHtml(ctx.brand)}</p>
<p style="margin:0">Questions? Write to <a href="mailto:${support}" style="color:${C.link}">${support}</a> · <a href="${url}" style="color:${C.link}">${url}</a></p>
</td></tr>`;
}

/** The plain-text part's footer: the same facts as the HTML one. */
function textFooter(ctx: MailCtx): string {
  return `— ${ctx.brand}\nQuestions? Write to ${ctx.supportEmail} · ${ctx.publicUrl}`;
}

/** Under the footer of a non-transactional email: why it came, and the link that stops its category. */
function unsubscribeFooter(unsubscribe: Unsubscribe): string {
  return `<tr><td style="padding:12px 4px 0;font-size:12px;line-height:1.5;color:${C.muted}">
<p style="margin:0">${escapeHtml(EMAIL_PREFERENCES_TEXTS.mailFooter(unsubscribe.label))} <a href="${escapeHtml(unsubscribe.url)}" style="color:${C.link}">${escapeHtml(EMAIL_PREFERENCES_TEXTS.mailUnsubscribe(unsubscribe.label))}</a></p>
</td></tr>`;
}

/**
 * One layout for every email: a plain-text body and the same words as branded HTML, in the portal's
 * colours (packages/domain's brand.ts): the header, a white card on the warm page colour, a teal
 * button, and the footer.
 */
export function compose(
  ctx: MailCtx,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  unsubscribe?: Unsubscribe,
) {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    textFooter(ctx),
    ...(unsubscribe ? [`${EMAIL_PREFERENCES_TEXTS.mailFooter(unsubscribe.label)} ${unsubscribe.url}`] : []),
  ].join('\n\n');
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p style="margin:20px 0 8px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${C.primary};color:${C.primaryText};padding:12px 20px;border-radius:${R};font-weight:700;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:12px;color:${C.muted};word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${C.bg};font-family:${FONT};color:${C.text};line-height:1.55">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.bg}"><tr><td style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto">
${mailHeader(ctx)}
<tr><td style="background:${C.surface};border:1px solid ${C.border};border-radius:${R};padding:24px;font-size:16px">
${body}
${button}
</td></tr>
${mailFooter(ctx)}
${unsubscribe ? unsubscribeFooter(unsubscribe) : ''}
</table></td></tr></table>
</body></html>`;
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
