/**
 * Consent HTML (a consent's body, title or thank-you) comes from the API already sanitised with the
 * one allow-list (apps/api/src/lib/consent-html.ts): the page renders it as it comes, and the CSP
 * allows no inline script should anything ever slip through.
 */

/**
 * The plain text of consent HTML (a title or thank-you may carry tags), for places that take no markup
 * such as the PDF frame's title. Parsed, not rendered: nothing in it loads or runs.
 */
export function consentPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
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
