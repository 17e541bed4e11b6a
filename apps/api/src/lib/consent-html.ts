import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for consent HTML (a consent's body, title and thank-you): text formatting and
 * links out, nothing that runs, styles or frames. Every consent is sanitised with it on the way in, so
 * what is stored and sent is already clean; the page renders it as it comes, under a CSP that allows
 * no inline script.
 */
const CONSENT_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  // A link opens in a new tab, without handing that tab our window.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export const sanitiseConsentHtml = (html: string): string => sanitizeHtml(html, CONSENT_HTML);
