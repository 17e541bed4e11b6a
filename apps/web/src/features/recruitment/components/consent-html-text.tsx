import { useMemo } from 'react';
import { sanitiseConsentHtml } from '../consent-html.ts';

/**
 * A consent's title or thank-you, which a study may format like the consent's body. Sanitised with the
 * body's allow-list and rendered as HTML, so its tags format the text instead of showing as characters.
 */
export function ConsentHtmlText({ html }: { html: string }) {
  const clean = useMemo(() => sanitiseConsentHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above with the consent body's allow-list
  return <span dangerouslySetInnerHTML={{ __html: clean }} />;
}
