import { useState } from 'react';
import { SUPPORT_TEXTS } from '../../../components/support/support-texts.ts';
import { useConfig } from '../../../lib/config.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { ImpersonationModal } from '../components/impersonation-modal.tsx';
import { IMPERSONATE } from '../impersonation.ts';

/**
 * Support: the FAQ and how to reach us. For support staff with IMPERSONATE the title is a button that
 * opens the admin widget; everyone else sees a plain heading.
 */
export function SupportPage() {
  const { supportEmail, supportPhone, supportPostalAddress, faqUrl } = useConfig();
  const user = useCurrentUser();
  const [widgetOpen, setWidgetOpen] = useState(false);
  const canImpersonate = user.data?.authorities.includes(IMPERSONATE) ?? false;

  return (
    <>
      <h1>
        {canImpersonate ? (
          <button
            type="button"
            className="support-title-button"
            aria-haspopup="dialog"
            onClick={() => setWidgetOpen(true)}
          >
            {SUPPORT_TEXTS.title}
          </button>
        ) : (
          SUPPORT_TEXTS.title
        )}
      </h1>
      <p>{SUPPORT_TEXTS.intro}</p>
      <p>
        <a href={faqUrl}>{SUPPORT_TEXTS.faq}</a>
      </p>
      <section className="card support-contact" aria-labelledby="support-contact-title">
        <h2 id="support-contact-title">{SUPPORT_TEXTS.contactTitle}</h2>
        <dl className="research-contact">
          <div>
            <dt>{SUPPORT_TEXTS.email}</dt>
            <dd>
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </dd>
          </div>
          <div>
            <dt>{SUPPORT_TEXTS.phone}</dt>
            <dd>
              <a href={`tel:${supportPhone.replace(/\s/g, '')}`}>{supportPhone}</a>
            </dd>
          </div>
          <div>
            <dt>{SUPPORT_TEXTS.post}</dt>
            <dd>{supportPostalAddress}</dd>
          </div>
        </dl>
      </section>
      {canImpersonate ? <ImpersonationModal open={widgetOpen} onClose={() => setWidgetOpen(false)} /> : null}
    </>
  );
}
