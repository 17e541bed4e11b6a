import type { StaffPromoRow } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDisablePromo, usePromoCodes } from '../api.ts';
import { discountText, PromoForm } from '../components/promo-form.tsx';

/** ADMIN: promo codes, how often each was used, a new one, and disabling one checkout should refuse. */
export function PromoCodesPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const codes = usePromoCodes(q);
  const disable = useDisablePromo();
  const [disabling, setDisabling] = useState<StaffPromoRow | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rows = codes.data?.pages.flatMap((page) => page.codes) ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  const close = () => {
    setDisabling(null);
    disable.reset();
  };

  return (
    <>
      <h1>Promo codes</h1>
      <section className="staff-panel" aria-labelledby="new-promo">
        <h2 id="new-promo">New promo code</h2>
        <PromoForm onCreated={(promo) => setDone(`${promo.code} created: ${discountText(promo)}.`)} />
      </section>
      {done ? <Alert tone="success">{done}</Alert> : null}
      <search className="staff-panel">
        <form className="staff-search" onSubmit={onSubmit} aria-label="Find a promo code">
          <Field
            label="Find a promo code"
            hint="The code or its start"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      {codes.isPending ? <Loading /> : null}
      {codes.error ? <Alert tone="error">{codes.error.message}</Alert> : null}
      {codes.data && rows.length === 0 ? <Alert tone="info">No promo code matches.</Alert> : null}
      {rows.length > 0 ? (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">Promo codes, A to Z</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Orders</th>
                <th scope="col">Uses left</th>
                <th scope="col">Created</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((promo) => (
                <tr key={promo.code}>
                  <th scope="row">{promo.code}</th>
                  <td>{discountText(promo)}</td>
                  <td>{promo.usage}</td>
                  <td>{promo.remainingUsage ?? 'Unlimited'}</td>
                  <td>{formatDateTime(promo.createdAt)}</td>
                  <td>
                    {promo.disabledAt ? (
                      `Disabled ${formatDateTime(promo.disabledAt)}`
                    ) : (
                      <Button variant="quiet" onClick={() => setDisabling(promo)}>
                        Disable…<span className="visually-hidden"> {promo.code}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {codes.hasNextPage ? (
        <Button variant="secondary" busy={codes.isFetchingNextPage} onClick={() => codes.fetchNextPage()}>
          Show more
        </Button>
      ) : null}
      <Modal open={disabling !== null} onClose={close} title={`Disable ${disabling?.code ?? ''}?`}>
        {disable.error ? <Alert tone="error">{disable.error.message}</Alert> : null}
        <p>Checkout refuses it from now on. Orders already placed with it keep their discount.</p>
        <div className="form-actions">
          <Button
            busy={disable.isPending}
            onClick={() =>
              disabling &&
              disable.mutate(disabling.code, {
                onSuccess: (promo) => {
                  setDone(`${promo.code} is disabled.`);
                  close();
                },
              })
            }
          >
            Disable the code
          </Button>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
        </div>
      </Modal>
    </>
  );
}
