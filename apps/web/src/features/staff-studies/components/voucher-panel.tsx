import { STUDY_MESSAGES, staffVoucherBatchSchema } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { downloadVoucherCsv, useCreateVouchers } from '../api.ts';
import { BatchCountField, typedCount } from './batch-count-field.tsx';

/** A batch of vouchers for the project, shown at once, and the whole voucher list as CSV. */
export function VoucherPanel({ projectId }: { projectId: number }) {
  const create = useCreateVouchers(projectId);
  const [count, setCount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const exportCsv = useMutation({ mutationFn: () => downloadVoucherCsv(projectId) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffVoucherBatchSchema.safeParse({ count: typedCount(count) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? STUDY_MESSAGES.voucherCount);
      return;
    }
    setProblem(undefined);
    create.mutate(parsed.data.count, { onSuccess: () => setCount('') });
  };
  const made = create.data?.vouchers ?? [];

  return (
    <section className="staff-panel" aria-labelledby="vouchers">
      <h2 id="vouchers">Vouchers</h2>
      <form className="staff-search" onSubmit={onSubmit} noValidate aria-label="Make vouchers">
        <BatchCountField label="How many vouchers" value={count} error={problem} onChange={setCount} />
        <Button type="submit" busy={create.isPending}>
          Make vouchers
        </Button>
        <Button variant="secondary" busy={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          Download the voucher list (CSV)
        </Button>
      </form>
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      {exportCsv.error ? <Alert tone="error">{exportCsv.error.message}</Alert> : null}
      {made.length > 0 ? (
        <>
          <Alert tone="success">
            {made.length === 1 ? '1 voucher made.' : `${made.length} vouchers made.`} They are in the voucher
            list too.
          </Alert>
          <StaffTable caption="New vouchers" showCaption columns={['Kit', 'Voucher', 'Sample id']}>
            {made.map((v) => (
              <tr key={v.kitId}>
                <th scope="row">KIT-{v.kitId}</th>
                <td>{v.voucherCode}</td>
                <td>{v.sampleIdentifier}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : null}
    </section>
  );
}
