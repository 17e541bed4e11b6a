import type { StaffPromoRow } from '@portal/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/staff/confirm-dialog.tsx';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { SearchForm, useSearchQuery } from '../../../components/staff/search-form.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { useDisablePromo, usePromoCodes } from '../api.ts';
import { discountText, PromoForm } from '../components/promo-form.tsx';

/** ADMIN: promo codes, how often each was used, a new one, and disabling one checkout should refuse. */
export function PromoCodesPage() {
  const { q, search } = useSearchQuery();
  const codes = usePromoCodes(q);
  const disable = useDisablePromo();
  const [disabling, setDisabling] = useState<StaffPromoRow | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rows = codes.data?.pages.flatMap((page) => page.codes) ?? [];

  const close = () => {
    setDisabling(null);
    disable.reset();
  };

  return (
    <>
      <h1>Promo codes</h1>
      <section className="staff-panel" aria-labelledby="new-promo">
        <h2 id="new-promo">New promo code</h2>
        <PromoForm
          onSubmitting={() => setDone(null)}
          onCreated={(promo) => setDone(`${promo.code} created: ${discountText(promo)}.`)}
        />
      </section>
      {done ? <Alert tone="success">{done}</Alert> : null}
      <search className="staff-panel">
        <SearchForm label="Find a promo code" hint="The code or its start" initial={q} onSearch={search} />
      </search>
      <PagedTable
        list={codes}
        count={rows.length}
        empty="No promo code matches."
        caption="Promo codes, A to Z"
        columns={['Code', 'Discount', 'Orders', 'Uses left', 'Created', 'State']}
        more="Show more"
      >
        {rows.map((promo) => (
          <tr key={promo.code}>
            <th scope="row">{promo.code}</th>
            <td>{discountText(promo)}</td>
            <td>{promo.usage}</td>
            <td>{promo.remainingUsage ?? 'Unlimited'}</td>
            <td>{formatConsoleTime(promo.createdAt)}</td>
            <td>
              {promo.disabledAt ? (
                `Disabled ${formatConsoleTime(promo.disabledAt)}`
              ) : (
                <Button variant="quiet" onClick={() => setDisabling(promo)}>
                  Disable…<span className="visually-hidden"> {promo.code}</span>
                </Button>
              )}
            </td>
          </tr>
        ))}
      </PagedTable>
      <ConfirmDialog
        open={disabling !== null}
        title={`Disable ${disabling?.code ?? ''}?`}
        error={disable.error}
        busy={disable.isPending}
        confirmLabel="Disable the code"
        onConfirm={() =>
          disabling &&
          disable.mutate(disabling.code, {
            onSuccess: (promo) => {
              setDone(`${promo.code} is disabled.`);
              close();
            },
          })
        }
        onClose={close}
      >
        <p>Checkout refuses it from now on. Orders already placed with it keep their discount.</p>
      </ConfirmDialog>
    </>
  );
}
