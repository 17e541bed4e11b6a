import { DASHBOARD_TEXTS, type KitLike, kitSummary } from '@portal/domain';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { KitBoxIllustration } from '../../../components/ui/illustrations.tsx';

/** Activated kits, reports received and coach sessions, each out of the valid kits; with none, the next step. */
export function SummaryCards({ kits, emptyAction }: { kits: KitLike[]; emptyAction?: ReactNode }) {
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
        <EmptyState illustration={<KitBoxIllustration />} action={emptyAction}>
          <p>{DASHBOARD_TEXTS.noKits}</p>
        </EmptyState>
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
