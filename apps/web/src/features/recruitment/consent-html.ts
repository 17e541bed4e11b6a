import DOMPurify from 'dompurify';

// The same allow-list as the server's sanitiser: text formatting and links out, nothing that runs.
const ALLOWED_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'a',
  'blockquote',
];
const ALLOWED_ATTR = ['href', 'title'];
const ALLOWED_URI_REGEXP = /^(?:https:|mailto:|tel:)/i;

// A purifier of our own, so that its hook does not change how DOMPurify behaves elsewhere in the app.
const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * The consent's HTML, fit for dangerouslySetInnerHTML. The server has sanitised it already; this is
 * the second line of defence should a stored consent ever bypass the server's sanitiser.
 */
export function sanitiseConsentHtml(html: string): string {
  return purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP });
}

/**
 * The plain text of consent HTML (a title or thank-you may carry tags), for places that take no markup
 * such as the PDF frame's title. Parsed, not rendered: nothing in it loads or runs.
 */
export function consentPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(sanitiseConsentHtml(html), 'text/html');
  return (doc.body.textContent ?? '').trim();
}

/** The consent's PDF address, if it is a web address; anything else (javascript:, data:) is not shown. */
export function consentPdfUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
