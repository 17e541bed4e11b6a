import { isSupportedBrowser } from '@portal/domain';
import { Alert } from '../../components/ui/alert.tsx';
import { useConfig } from '../../lib/config.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';

/** Banners every visitor sees: the operators' site alert and the unsupported-browser notice. */
export function SiteBanners() {
  const { siteAlert } = useConfig();
  // Only the browser knows which it is: shown once the app has the page, never in the server's render.
  const hydrated = useHydrated();
  const unsupported = hydrated && !isSupportedBrowser(navigator.userAgent);
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
