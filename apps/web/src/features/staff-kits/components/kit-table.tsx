import { kitStatusWords, type StaffKitRow, withBrand } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/config.ts';

/** When a kit last changed, in the staff member's own time. */
export const changedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** A kit's two statuses, the kit's with the customer's word for it (the spec's status words). */
export function KitStatuses({ kit }: { kit: Pick<StaffKitRow, 'kitStatus' | 'sampleStatus'> }) {
  const { brandName } = useConfig();
  return (
    <>
      <span className="kit-status-words">{withBrand(kitStatusWords(kit.kitStatus), brandName)}</span>
      {kit.sampleStatus ? <span className="kit-sample-status">sample {kit.sampleStatus}</span> : null}
    </>
  );
}

/** Kits as the console lists them; `select` adds a first column (the lab's batch picks with it). */
export function KitTable({
  kits,
  caption,
  select,
}: {
  kits: StaffKitRow[];
  caption: string;
  select?: (kit: StaffKitRow) => ReactNode;
}) {
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {select ? (
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
            ) : null}
            <th scope="col">Kit</th>
            <th scope="col">Sample</th>
            <th scope="col">Status</th>
            <th scope="col">Project</th>
            <th scope="col">Owner</th>
            <th scope="col">Last change</th>
          </tr>
        </thead>
        <tbody>
          {kits.map((kit) => (
            <tr key={kit.id}>
              {select ? <td>{select(kit)}</td> : null}
              <th scope="row">
                <Link to={`/staff/kits/${kit.id}`}>{kit.label}</Link>
              </th>
              <td className="mono">{kit.sampleIdentifier}</td>
              <td>
                <KitStatuses kit={kit} />
              </td>
              <td>{kit.project.name}</td>
              <td>
                {kit.owner ? (
                  <>
                    {kit.owner.name}
                    <span className="kit-owner-email">{kit.owner.email}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>{changedAt(kit.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
