import { STUDY_MESSAGES, staffVoucherBatchSchema } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { downloadVoucherCsv, useCreateVouchers } from '../api.ts';

/** A batch of vouchers for the project, shown at once, and the whole voucher list as CSV. */
export function VoucherPanel({ projectId }: { projectId: number }) {
  const create = useCreateVouchers(projectId);
  const [count, setCount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const exportCsv = useMutation({ mutationFn: () => downloadVoucherCsv(projectId) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffVoucherBatchSchema.safeParse({
      count: count.trim() === '' ? undefined : Number(count),
    });
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
        <Field
          label="How many vouchers"
          type="number"
          inputMode="numeric"
          min={1}
          value={count}
          error={problem}
          onChange={(event) => setCount(event.target.value)}
        />
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
          <div className="staff-table-wrap">
            <table className="staff-table">
              <caption>New vouchers</caption>
              <thead>
                <tr>
                  <th scope="col">Kit</th>
                  <th scope="col">Voucher</th>
                  <th scope="col">Sample id</th>
                </tr>
              </thead>
              <tbody>
                {made.map((v) => (
                  <tr key={v.kitId}>
                    <th scope="row">KIT-{v.kitId}</th>
                    <td>{v.voucherCode}</td>
                    <td>{v.sampleIdentifier}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
