import type { RecruitmentConsent } from '@portal/domain';
import { consentPdfUrl, consentPlainText } from '../consent-html.ts';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';

/** What the candidate reads before answering: the consent's text and, when there is one, its PDF. */
export function ConsentDocument({
  consent,
}: {
  consent: Pick<RecruitmentConsent, 'title' | 'htmlContent' | 'url'>;
}) {
  const pdfUrl = consentPdfUrl(consent.url);
  return (
    <div className="consent-document">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API with the consent allow-list */}
      <div className="consent-html" dangerouslySetInnerHTML={{ __html: consent.htmlContent }} />
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
