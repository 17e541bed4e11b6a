/**
 * A consent's title or thank-you, which a study may format like the consent's body. Rendered as HTML
 * (sanitised by the API with the consent allow-list), so its tags format the text instead of showing
 * as characters.
 */
export function ConsentHtmlText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API with the consent allow-list
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}
