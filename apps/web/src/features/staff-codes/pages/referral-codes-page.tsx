import { type StaffReferralRow, staffReferralCreateSchema } from '@portal/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/staff/confirm-dialog.tsx';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { SearchForm, useSearchQuery } from '../../../components/staff/search-form.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useCreateReferral, useDeactivateReferral, useReferralCodes } from '../api.ts';

/** A practitioner's new referral code; people type it at registration, with or without REF-. */
function ReferralForm({ onCreated }: { onCreated: (row: StaffReferralRow) => void }) {
  const create = useCreateReferral();
  const form = useSchemaForm(staffReferralCreateSchema, { code: '', firstName: '', lastName: '', email: '' });
  const onSubmit = form.handleSubmit((data) =>
    create.mutate(data, {
      onSuccess: (row) => {
        form.reset();
        onCreated(row);
      },
    }),
  );
  const field = (name: 'code' | 'firstName' | 'lastName' | 'email') => ({
    autoComplete: 'off',
    ...form.field(name),
  });
  return (
    <form className="staff-form" onSubmit={onSubmit} noValidate aria-label="New referral code">
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      <div className="staff-form-row">
        <Field label="Code" hint="3 to 20 letters or digits; REF- is optional" {...field('code')} />
        <Field label="Practitioner's first name" {...field('firstName')} />
        <Field label="Practitioner's last name" {...field('lastName')} />
        <Field
          label="Practitioner's email (optional)"
          hint="Where people's report share links for them are sent"
          type="email"
          {...field('email')}
        />
      </div>
      <Button type="submit" busy={create.isPending}>
        Create referral code
      </Button>
    </form>
  );
}

/** ADMIN: practitioners' referral codes, the accounts and kits that carry each, and deactivating one. */
export function ReferralCodesPage() {
  const { q, search } = useSearchQuery();
  const codes = useReferralCodes(q);
  const deactivate = useDeactivateReferral();
  const [closing, setClosing] = useState<StaffReferralRow | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rows = codes.data?.pages.flatMap((page) => page.codes) ?? [];
  const close = () => {
    setClosing(null);
    deactivate.reset();
  };

  return (
    <>
      <h1>Referral codes</h1>
      <section className="staff-panel" aria-labelledby="new-referral">
        <h2 id="new-referral">New referral code</h2>
        <ReferralForm
          onCreated={(row) => setDone(`REF-${row.code} created for ${row.firstName} ${row.lastName}.`)}
        />
      </section>
      {done ? <Alert tone="success">{done}</Alert> : null}
      <search className="staff-panel">
        <SearchForm label="Find a referral code" hint="The code or its start" initial={q} onSearch={search} />
      </search>
      <PagedTable
        list={codes}
        count={rows.length}
        empty="No referral code matches."
        caption="Referral codes, A to Z"
        columns={['Code', 'Practitioner', 'Accounts', 'Kits', 'Created', 'State']}
        more="Show more"
      >
        {rows.map((row) => (
          <tr key={row.code}>
            <th scope="row">REF-{row.code}</th>
            <td>
              {row.firstName} {row.lastName}
            </td>
            <td>{row.accounts}</td>
            <td>{row.kits}</td>
            <td>{formatConsoleTime(row.createdAt)}</td>
            <td>
              {row.active ? (
                <Button variant="quiet" onClick={() => setClosing(row)}>
                  Deactivate…<span className="visually-hidden"> REF-{row.code}</span>
                </Button>
              ) : (
                'Inactive'
              )}
            </td>
          </tr>
        ))}
      </PagedTable>
      <ConfirmDialog
        open={closing !== null}
        title={`Deactivate REF-${closing?.code ?? ''}?`}
        error={deactivate.error}
        busy={deactivate.isPending}
        confirmLabel="Deactivate the code"
        onConfirm={() =>
          closing &&
          deactivate.mutate(closing.code, {
            onSuccess: (row) => {
              setDone(`REF-${row.code} is inactive.`);
              close();
            },
          })
        }
        onClose={close}
      >
        <p>
          Registration and checkout refuse it from now on. Accounts and kits that carry it keep it, so the
          practitioner stays credited for them.
        </p>
      </ConfirmDialog>
    </>
  );
}
