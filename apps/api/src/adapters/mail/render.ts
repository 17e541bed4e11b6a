import { BRAND_COLOURS, BRAND_FONT_FAMILY, BRAND_RADIUS_PX, EMAIL_PREFERENCES_TEXTS } from '@portal/domain';
import mjml2html from 'mjml';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The email renderer (issue 35 item 5, decision 053): one small interface from a message's words to
 * its two parts. `renderMail(brand, { subject, preheader, paragraphs, action, unsubscribe })` returns
 * `{ html, text }`: branded, responsive HTML laid out by MJML in the web app's design tokens
 * (packages/domain's brand-tokens.ts, which tokens.css is held equal to), and a plain-text part with
 * the same words. It knows nothing of the outbox or of who the message is for, so every feature's
 * messages (and the notification model's) can call it.
 *
 * MJML compiles the layout, not each message: the four layouts (with or without an action button, with
 * or without an unsubscribe line) are compiled once when this module loads, with named slots, and a
 * message fills the slots with its escaped words. Compiling takes about 20 ms; filling, microseconds,
 * which matters in a request's transaction and for a study mail-out of 100,000 messages.
 */

export type MailBrand = { brand: string; publicUrl: string; supportEmail: string };
export type MailAction = { label: string; url: string };
/** The unsubscribe line of a non-transactional email: the category's name and its one-click page. */
export type Unsubscribe = { label: string; url: string };
export type MailContent = {
  subject: string;
  /** The line a mail client shows after the subject in the inbox list (hidden in the message itself). */
  preheader: string;
  paragraphs: string[];
  /** The one thing the message asks the person to do: one button. */
  action?: MailAction;
  unsubscribe?: Unsubscribe;
};

const C = BRAND_COLOURS;
const FONT = BRAND_FONT_FAMILY;
const R = `${BRAND_RADIUS_PX}px`;

/** A slot in a compiled layout; filled by `fill`. Letters only, so MJML passes it through untouched. */
const slot = (name: string) => `SLOT${name}SLOT`;

function layoutMjml(withAction: boolean, withUnsubscribe: boolean): string {
  const text = `font-family="${FONT}" color="${C.text}"`;
  return `<mjml lang="en">
<mj-head>
  <mj-title>${slot('SUBJECT')}</mj-title>
  <mj-preview>${slot('PREHEADER')}</mj-preview>
  <mj-attributes>
    <mj-all font-family="${FONT}" />
    <mj-text font-size="16px" line-height="1.55" color="${C.text}" padding="0" />
  </mj-attributes>
  <mj-style>a { color: ${C.link}; } .mail-url a { color: ${C.muted}; }</mj-style>
</mj-head>
<mj-body background-color="${C.bg}" width="560px">
  <mj-section padding="24px 12px 0" border-top="4px solid ${C.primary}">
    <mj-group>
      <mj-column width="10%" vertical-align="middle">
        <mj-image src="${slot('ICON')}" alt="" width="36px" height="36px" border-radius="50%" padding="0" align="left" />
      </mj-column>
      <mj-column width="90%" vertical-align="middle">
        <mj-text ${text} font-size="20px" font-weight="700" color="${C.primary}">${slot('BRAND')}</mj-text>
      </mj-column>
    </mj-group>
  </mj-section>
  <mj-wrapper padding="16px 12px 0">
    <mj-section background-color="${C.surface}" border="1px solid ${C.border}" border-radius="${R}" padding="24px">
      <mj-column>
        <mj-text ${text}>${slot('BODY')}</mj-text>
${
  withAction
    ? `        <mj-button href="${slot('ACTIONURL')}" background-color="${C.primary}" color="${C.primaryText}" font-size="16px" font-weight="700" border-radius="${R}" inner-padding="12px 20px" padding="12px 0 8px" align="left">${slot('ACTIONLABEL')}</mj-button>
        <mj-text ${text} css-class="mail-url" font-size="12px" color="${C.muted}"><span style="word-break:break-all">${slot('ACTIONTEXT')}</span></mj-text>`
    : ''
}
      </mj-column>
    </mj-section>
  </mj-wrapper>
  <mj-section padding="16px 16px 0">
    <mj-column>
      <mj-text ${text} font-size="12px" color="${C.muted}"><p style="margin:0 0 4px;font-weight:700;color:${C.text}">${slot('BRAND')}</p><p style="margin:0">Questions? Write to <a href="mailto:${slot('SUPPORT')}" style="color:${C.link}">${slot('SUPPORT')}</a> · <a href="${slot('PUBLICURL')}" style="color:${C.link}">${slot('PUBLICURL')}</a></p></mj-text>
${
  withUnsubscribe
    ? `      <mj-text ${text} font-size="12px" color="${C.muted}" padding="12px 0 0">${slot('UNSUBSCRIBE')}</mj-text>`
    : ''
}
    </mj-column>
  </mj-section>
  <mj-section padding="0 0 24px"><mj-column><mj-spacer height="1px" /></mj-column></mj-section>
</mj-body>
</mjml>`;
}

async function compile(withAction: boolean, withUnsubscribe: boolean): Promise<string> {
  const result = await mjml2html(layoutMjml(withAction, withUnsubscribe), {
    validationLevel: 'strict',
    keepComments: false,
  });
  // MJML indents its output for reading; a line's leading spaces are a quarter of the bytes of every
  // message and nothing to a mail client (whitespace between elements stays one newline).
  return result.html.replace(/\n[ \t]+/g, '\n');
}

// Compiled once, when the module loads (top-level await): every caller of renderMail stays synchronous.
const [plain, withButton, withUnsubscribe, withBoth] = await Promise.all([
  compile(false, false),
  compile(true, false),
  compile(false, true),
  compile(true, true),
]);
const LAYOUTS = { plain, withButton, withUnsubscribe, withBoth } as Record<string, string>;

function layout(action: boolean, unsubscribe: boolean): string {
  const key = action ? (unsubscribe ? 'withBoth' : 'withButton') : unsubscribe ? 'withUnsubscribe' : 'plain';
  const html = LAYOUTS[key];
  if (!html) throw new Error(`no compiled mail layout ${key}`);
  return html;
}

/** Fills every slot in one pass: a word of the message that looks like a slot is never filled itself. */
function fill(html: string, values: Record<string, string>): string {
  return html.replace(/SLOT([A-Z]+)SLOT/g, (whole, name: string) => values[name] ?? whole);
}

/** The plain-text part's footer: the same facts as the HTML one. */
function textFooter(brand: MailBrand): string {
  return `— ${brand.brand}\nQuestions? Write to ${brand.supportEmail} · ${brand.publicUrl}`;
}

/** The message's two parts: branded HTML (MJML's layout, the design tokens) and the same words as text. */
export function renderMail(brand: MailBrand, content: MailContent): { html: string; text: string } {
  const { paragraphs, action, unsubscribe } = content;
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    textFooter(brand),
    ...(unsubscribe ? [`${EMAIL_PREFERENCES_TEXTS.mailFooter(unsubscribe.label)} ${unsubscribe.url}`] : []),
  ].join('\n\n');
  const body = paragraphs
    .map((p, i) => `<p style="margin:0 0 ${i === paragraphs.length - 1 ? 0 : 14}px">${escapeHtml(p)}</p>`)
    .join('\n');
  const html = fill(layout(Boolean(action), Boolean(unsubscribe)), {
    SUBJECT: escapeHtml(content.subject),
    PREHEADER: escapeHtml(content.preheader),
    ICON: `${escapeHtml(brand.publicUrl)}/icon-192.png`,
    BRAND: escapeHtml(brand.brand),
    SUPPORT: escapeHtml(brand.supportEmail),
    PUBLICURL: escapeHtml(brand.publicUrl),
    BODY: body,
    ACTIONURL: action ? escapeHtml(action.url) : '',
    ACTIONLABEL: action ? escapeHtml(action.label) : '',
    ACTIONTEXT: action ? escapeHtml(action.url) : '',
    UNSUBSCRIBE: unsubscribe
      ? `${escapeHtml(EMAIL_PREFERENCES_TEXTS.mailFooter(unsubscribe.label))} <a href="${escapeHtml(unsubscribe.url)}" style="color:${C.link}">${escapeHtml(EMAIL_PREFERENCES_TEXTS.mailUnsubscribe(unsubscribe.label))}</a>`
      : '',
  });
  return { html, text };
}

/**
 * A message's preheader when its writer gives none: its first sentence after the greeting, which says
 * what the message is about (the greeting alone would waste the line).
 */
export function defaultPreheader(paragraphs: string[]): string {
  const greeting = /^(Hi|Hello|Dear)\b[^.]{0,60},$/;
  const first = paragraphs.find((p) => !greeting.test(p.trim())) ?? paragraphs[0] ?? '';
  return first.length > 140 ? `${first.slice(0, 139).trimEnd()}…` : first;
}
