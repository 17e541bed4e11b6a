import { DASHBOARD_TEXTS, type KitLike, kitSummary } from '@portal/domain';

/** Activated kits, reports received and coach sessions, each out of the valid kits. */
export function SummaryCards({ kits }: { kits: KitLike[] }) {
  const summary = kitSummary(kits);
  const rows = [
    { label: 'Activated kits', count: summary.activatedKits },
    { label: 'Reports received', count: summary.reportsReceived },
    { label: 'Coach sessions', count: summary.coachSessions },
  ];
  return (
    <section className="card" aria-labelledby="summary-title">
      <h2 id="summary-title">Your kits at a glance</h2>
      {summary.validKits === 0 ? (
        <p>{DASHBOARD_TEXTS.noKits}</p>
      ) : (
        <dl className="summary-list">
          {rows.map((row) => (
            <div key={row.label} className="summary-item">
              <dt>{row.label}</dt>
              <dd>
                {row.count} of {summary.validKits}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
