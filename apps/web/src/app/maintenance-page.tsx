import { MAINTENANCE_TEXTS, type PublicConfig } from '@portal/domain';
import { fillTemplate, formatDateTime } from '../lib/format.ts';

/** While a maintenance window is ahead, this is the only page, whatever the route. */
export function MaintenancePage({ config }: { config: PublicConfig }) {
  const until = config.maintenanceUntil ? formatDateTime(config.maintenanceUntil) : '';
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">{config.brandName}</span>
      </header>
      <main id="main" className="public-content">
        <div className="auth-card">
          <h1>{MAINTENANCE_TEXTS.title}</h1>
          <p>{fillTemplate(MAINTENANCE_TEXTS.body, { until })}</p>
        </div>
      </main>
    </div>
  );
}
