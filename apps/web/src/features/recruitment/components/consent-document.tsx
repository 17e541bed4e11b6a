import type { RecruitmentConsent } from '@portal/domain';
import { useMemo } from 'react';
import { consentPdfUrl, consentPlainText, sanitiseConsentHtml } from '../consent-html.ts';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';

/** What the candidate reads before answering: the consent's text and, when there is one, its PDF. */
export function ConsentDocument({
  consent,
}: {
  consent: Pick<RecruitmentConsent, 'title' | 'htmlContent' | 'url'>;
}) {
  const html = useMemo(() => sanitiseConsentHtml(consent.htmlContent), [consent.htmlContent]);
  const pdfUrl = consentPdfUrl(consent.url);
  return (
    <div className="consent-document">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server and again above, with the same allow-list */}
      <div className="consent-html" dangerouslySetInnerHTML={{ __html: html }} />
      {pdfUrl ? (
        <div className="consent-pdf">
          <iframe
            src={pdfUrl}
            title={RECRUITMENT_TEXTS.pdfTitle(consentPlainText(consent.title))}
            loading="lazy"
          />
          <a href={pdfUrl} target="_blank" rel="noopener noreferrer">
            {RECRUITMENT_TEXTS.pdfLink}
          </a>
        </div>
      ) : null}
    </div>
  );
}
