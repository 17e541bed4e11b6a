import { isUnderMaintenance } from '@portal/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { ConfigContext, configQuery } from '../lib/config.ts';
import { CLIENT_MESSAGES } from '../lib/messages.ts';
import { useSession } from '../lib/session.ts';
import { MaintenancePage } from './maintenance-page.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

function StartScreen({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="public-content">
      <div className="auth-card">{children}</div>
    </main>
  );
}

/** What the app shows until the session is restored; index.html carries the same markup (test beside). */
export function LoadingScreen() {
  return (
    <StartScreen>
      <Loading />
    </StartScreen>
  );
}

type RouterComponent = ComponentType<{ children: ReactNode }>;

/** The first route renders with the public config and the session (main.tsx restores it before rendering). */
function Shell({ router: Router }: { router: RouterComponent }) {
  const config = useQuery(configQuery);
  const session = useSession();

  useEffect(() => {
    if (config.data) document.title = config.data.brandName;
  }, [config.data]);

  if (config.isError) {
    return (
      <StartScreen>
        <Alert tone="error">{CLIENT_MESSAGES.configFailed}</Alert>
        <Button onClick={() => config.refetch()}>Try again</Button>
      </StartScreen>
    );
  }
  if (config.isPending || session.status === 'restoring') return <LoadingScreen />;
  if (isUnderMaintenance(config.data.maintenanceUntil)) return <MaintenancePage config={config.data} />;
  return (
    <ConfigContext value={config.data}>
      <Router>
        <AppRoutes />
      </Router>
    </ConfigContext>
  );
}

/** The app; the server draws its sign-in page with a router fixed at the address asked for. */
export function App({
  queryClient,
  router = BrowserRouter,
}: {
  queryClient: QueryClient;
  router?: RouterComponent;
}) {
  return (
    <Providers queryClient={queryClient}>
      <Shell router={router} />
    </Providers>
  );
}
