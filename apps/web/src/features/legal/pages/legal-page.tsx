import { useId } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { type LegalKind, legalPdfUrl, useLegalVersions } from '../api.ts';
import { LEGAL_TEXTS, versionLabel } from '../legal-texts.ts';

const DEFAULT_VERSION = 'default';

/**
 * The terms and privacy viewer (/toc, /terms, /privacy): ?v= picks a published version, otherwise the
 * current one; the PDF is embedded with a download link beside it.
 */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const versions = useLegalVersions();
  const selectId = useId();
  const title = LEGAL_TEXTS.title[kind];
  const version = params.get('v')?.trim() || DEFAULT_VERSION;

  if (versions.isPending) return <Loading />;
  // Without the list the requested version is still worth showing; the PDF answers for itself.
  const published = versions.data?.[kind] ?? null;
  const known = published === null || published.includes(version);
  const url = legalPdfUrl(kind, version);

  return (
    <div className="legal-page">
      <h1>{title}</h1>
      {versions.isError ? <Alert tone="warning">{CLIENT_MESSAGES.unexpected}</Alert> : null}
      {published ? (
        <div className="field legal-version">
          <label htmlFor={selectId}>{LEGAL_TEXTS.version}</label>
          <select
            id={selectId}
            value={known ? version : ''}
            onChange={(event) =>
              setParams(event.target.value === DEFAULT_VERSION ? {} : { v: event.target.value })
            }
          >
            {known ? null : (
              <option value="" disabled>
                {version}
              </option>
            )}
            {published.map((item) => (
              <option key={item} value={item}>
                {versionLabel(kind, item)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {known ? (
        <>
          <iframe
            className="legal-frame"
            title={LEGAL_TEXTS.frameTitle(title, versionLabel(kind, version))}
            src={url}
          />
          <p>
            <a href={url} download>
              {LEGAL_TEXTS.download}
            </a>
          </p>
        </>
      ) : (
        <Alert tone="error">
          <p>{LEGAL_TEXTS.unknownVersion(title, version)}</p>
          <p>
            <Link to={pathname}>{LEGAL_TEXTS.showCurrent}</Link>
          </p>
        </Alert>
      )}
    </div>
  );
}
