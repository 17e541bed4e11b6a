import { Link } from 'react-router';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { SearchForm, useSearchQuery } from '../../../components/staff/search-form.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { usePeople } from '../api.ts';

/**
 * SUPPORT: find a person by what the caller gives (email, name, phone, kit or order); with
 * ?consent=pending, the minors whose consent form waits for review, oldest first.
 */
export function PeoplePage() {
  const { q, params, search } = useSearchQuery();
  const pending = params.get('consent') === 'pending';
  const people = usePeople(pending ? { consent: 'pending' } : { q });
  const rows = people.data?.pages.flatMap((page) => page.people) ?? [];

  return (
    <>
      <h1>{pending ? 'Consent forms waiting for review' : 'People'}</h1>
      <search className="staff-panel">
        <SearchForm
          label="Find a person"
          hint="Email, name, phone, kit (KIT-12, sample id or voucher) or order (ORD-000012)"
          formLabel="Search people"
          initial={q}
          onSearch={search}
        >
          <p>
            {pending ? (
              <Link to="/staff/people">Back to the search</Link>
            ) : (
              <Link to="/staff/people?consent=pending">Consent forms waiting for review</Link>
            )}
          </p>
        </SearchForm>
      </search>
      <PagedTable
        list={people}
        loading={people.isFetching && !people.data}
        count={rows.length}
        empty={pending ? 'No consent form is waiting.' : 'Nobody matches this search.'}
        caption={pending ? 'Consent forms waiting' : 'People found'}
        columns={['Name', 'Email', 'Phone', 'Consent form']}
        more="Show more"
      >
        {rows.map((person) => (
          <tr key={person.id}>
            <th scope="row">
              <Link to={`/staff/people/${person.id}`}>
                {person.firstName} {person.lastName}
              </Link>
            </th>
            <td>{person.email}</td>
            <td>{person.phoneNumber ?? '—'}</td>
            <td>
              {person.consentFormPendingSince
                ? `Waiting since ${formatConsoleTime(person.consentFormPendingSince)}`
                : '—'}
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
