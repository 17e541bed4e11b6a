import { PORTAL_TIME_ZONE, type StaffSiteRow, staffSiteCreateSchema } from '@portal/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useCreateSite, useSites } from '../api.ts';

/** The IANA zones this browser knows, offered as the time zone is typed (the server checks it too). */
const ZONES: string[] = Intl.supportedValuesOf('timeZone');

function SiteForm({ onCreated }: { onCreated: (site: StaffSiteRow) => void }) {
  const create = useCreateSite();
  const listId = useId();
  const form = useSchemaForm(staffSiteCreateSchema, { name: '', timezone: PORTAL_TIME_ZONE });
  const onSubmit = form.handleSubmit((data) =>
    create.mutate(data, {
      onSuccess: (site) => {
        form.reset();
        onCreated(site);
      },
    }),
  );
  const field = (name: 'name' | 'timezone') => ({ autoComplete: 'off', ...form.field(name) });
  return (
    <form className="staff-form" onSubmit={onSubmit} noValidate aria-label="New site">
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      <div className="staff-form-row">
        <Field label="Site name" {...field('name')} />
        <Field
          label="Time zone"
          hint="Collection times on this site's forms are in this zone"
          list={listId}
          {...field('timezone')}
        />
        <datalist id={listId}>
          {ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
      <Button type="submit" busy={create.isPending}>
        Create site
      </Button>
    </form>
  );
}

/** STUDY: the multi-site study's sites, each with its time zone, and a new one. */
export function SitesPage() {
  const sites = useSites();
  const [created, setCreated] = useState<StaffSiteRow | null>(null);
  const rows = sites.data?.pages.flatMap((page) => page.sites) ?? [];
  return (
    <>
      <h1>Study sites</h1>
      <section className="staff-panel" aria-labelledby="new-site">
        <h2 id="new-site">New site</h2>
        <SiteForm onCreated={setCreated} />
      </section>
      {created ? (
        <Alert tone="success">
          Site created: <Link to={`/staff/study-sites/${created.id}`}>{created.name}</Link> (site number{' '}
          {created.id}).
        </Alert>
      ) : null}
      <PagedTable
        list={sites}
        count={rows.length}
        empty="There is no study site yet."
        caption="Study sites, newest first"
        columns={['Site', 'Site number', 'Time zone', 'Kits', 'Requisitions in']}
        more="Show older sites"
      >
        {rows.map((site) => (
          <tr key={site.id}>
            <th scope="row">
              <Link to={`/staff/study-sites/${site.id}`}>{site.name}</Link>
            </th>
            <td>{site.id}</td>
            <td>{site.timezone}</td>
            <td>{site.kits}</td>
            <td>{site.requisitions}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
