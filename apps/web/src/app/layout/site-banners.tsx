import { isSupportedBrowser } from '@portal/domain';
import { Alert } from '../../components/ui/alert.tsx';
import { useConfig } from '../../lib/config.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';

/** Banners every visitor sees: the operators' site alert and the unsupported-browser notice. */
export function SiteBanners() {
  const { siteAlert } = useConfig();
  // Only a browser knows it is one: the server's render (and Node's own navigator) never shows it.
  const unsupported = typeof window !== 'undefined' && !isSupportedBrowser(navigator.userAgent);
  return (
    <>
      {siteAlert ? (
        <Alert tone="info" className="banner">
          {siteAlert}
        </Alert>
      ) : null}
      {unsupported ? (
        <Alert tone="warning" className="banner">
          {CLIENT_MESSAGES.unsupportedBrowser}
        </Alert>
      ) : null}
    </>
  );
}
