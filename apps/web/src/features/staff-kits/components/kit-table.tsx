import { kitStatusWords, type StaffKitRow, withBrand } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { useConfig } from '../../../lib/config.ts';
import { formatConsoleTime } from '../../../lib/format.ts';

/** A kit's times in the console's one zone rule (formatConsoleTime: the portal's zone, named). */
export const changedAt = formatConsoleTime;

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

const COLUMNS = ['Kit', 'Sample', 'Status', 'Project', 'Owner', 'Last change'];

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
    <StaffTable caption={caption} columns={[...(select ? [{ hidden: 'Select' }] : []), ...COLUMNS]}>
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
    </StaffTable>
  );
}
