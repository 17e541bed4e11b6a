import type { Turnaround } from '@portal/domain';
import { TURNAROUND_WINDOW_DAYS } from '@portal/domain';
import { StaffTable } from '../../../components/staff/staff-table.tsx';

const days = (value: number | null) => (value === null ? '—' : `${value} d`);

/** Days from one step to the next: the median and the 90th percentile, over the last 90 days. */
export function TurnaroundTable({ steps }: { steps: Turnaround[] }) {
  return (
    <StaffTable
      caption={`Turnaround per step over the last ${TURNAROUND_WINDOW_DAYS} days: median and 90th percentile in days`}
      showCaption
      columns={['From', 'To', 'Samples', 'Median', '90th percentile']}
    >
      {steps.map((s) => (
        <tr key={`${s.from}-${s.to}`}>
          <td>{s.from}</td>
          <td>{s.to}</td>
          <td>{s.samples}</td>
          <td>{days(s.medianDays)}</td>
          <td>{days(s.p90Days)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
