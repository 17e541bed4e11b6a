import { KIT_STATUSES, SAMPLE_STATUSES } from '@portal/domain';
import { type FormEvent, useId } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useKitProjects, useKitSearch } from '../api.ts';
import { KitTable } from '../components/kit-table.tsx';
import { dayOf, searchOf } from '../kit-search-params.ts';

/** LOGISTICS, LAB, SUPPORT: every kit, searched and filtered, a page at a time. */
export function KitsPage() {
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const results = useKitSearch(search);
  const projects = useKitProjects();
  const formId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget))
      if (typeof value === 'string' && value.trim() !== '') next.set(key, value.trim());
    setParams(next);
  };

  const kits = results.data?.pages.flatMap((page) => page.items) ?? [];
  const select = (name: string, label: string, options: readonly (readonly [string, string])[]) => (
    <div className="field">
      <label htmlFor={`${formId}-${name}`}>{label}</label>
      <select id={`${formId}-${name}`} name={name} defaultValue={params.get(name) ?? ''}>
        <option value="">Any</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <h1>Kits</h1>
      <search className="staff-panel kit-search">
        <form onSubmit={submit} key={params.toString()} aria-label="Search kits">
          <Field
            label="Search"
            name="q"
            hint="Kit id, sample id, voucher, email or name"
            defaultValue={params.get('q') ?? ''}
            autoComplete="off"
          />
          <div className="staff-form-row">
            {select(
              'kitStatus',
              'Kit status',
              KIT_STATUSES.map((s) => [s, s] as const),
            )}
            {select(
              'sampleStatus',
              'Sample status',
              SAMPLE_STATUSES.map((s) => [s, s] as const),
            )}
            {select(
              'projectId',
              'Project',
              (projects.data ?? []).map((p) => [String(p.id), p.name] as const),
            )}
            <Field
              label="Changed from"
              name="changedFrom"
              type="date"
              defaultValue={dayOf(params.get('changedFrom'))}
            />
            <Field
              label="Changed until"
              name="changedTo"
              type="date"
              defaultValue={dayOf(params.get('changedTo'))}
            />
            {select('sort', 'Order', [
              ['newest', 'Newest change first'],
              ['oldest', 'Oldest change first'],
            ])}
          </div>
          <Button type="submit">Search</Button>
        </form>
      </search>
      <section aria-labelledby="kits-results" className="staff-panel">
        <h2 id="kits-results">Results</h2>
        {results.isPending ? <Loading /> : null}
        {results.error ? <Alert tone="error">{results.error.message}</Alert> : null}
        <p role="status" className="kit-results-count">
          {results.isSuccess
            ? kits.length === 0
              ? 'No kits match this search.'
              : `Showing ${kits.length} kit${kits.length === 1 ? '' : 's'}${results.hasNextPage ? ', more below' : ''}.`
            : ''}
        </p>
        {kits.length > 0 ? <KitTable kits={kits} caption="Kits found" /> : null}
        {results.hasNextPage ? (
          <Button
            variant="secondary"
            busy={results.isFetchingNextPage}
            onClick={() => results.fetchNextPage()}
            className="kit-more"
          >
            Show more
          </Button>
        ) : null}
      </section>
    </>
  );
}
