import type { PersonPage as Person } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { usePerson } from '../api.ts';
import { CaseNotes } from '../components/case-notes.tsx';
import { ConsentReview } from '../components/consent-review.tsx';
import { DataRequests } from '../components/data-requests.tsx';
import { PersonActions } from '../components/person-actions.tsx';
import { PersonEmails } from '../components/person-emails.tsx';
import { ReplacementOrder } from '../components/replacement-order.tsx';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

/** A section with a table, or a line saying there is nothing. */
function Listing({
  title,
  empty,
  head,
  rows,
}: {
  title: string;
  empty: string;
  head: string[];
  rows: ReactNode[][];
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="staff-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <StaffTable columns={head}>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are read-only and never reordered.
            <tr key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are positional.
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}

function Profile({ person }: { person: Person }) {
  const p = person.profile;
  const facts: [string, ReactNode][] = [
    ['Email', `${p.email}${p.emailVerified ? '' : ' (not verified)'}`],
    ['Phone', p.phoneNumber ?? '—'],
    ['Date of birth', p.dateOfBirth ?? '—'],
    ['Address', p.address ?? '—'],
    [
      'Account',
      `${p.userType}${p.underAge ? ', under age' : ''}${p.guardian ? ', guardian' : ''}${p.isStaff ? ', staff' : ''}`,
    ],
    ['Parental consent', p.underAge ? yesNo(person.consents.parentConsented) : 'Not needed'],
    ['Registered', formatConsoleTime(p.createdAt)],
  ];
  return (
    <section className="staff-panel" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <dl className="staff-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** SUPPORT: everything about one person, and what support may do for them. */
export function PersonPage() {
  const { id = '' } = useParams();
  const person = usePerson(id);
  if (person.isPending) return <Loading />;
  if (person.error)
    return (
      <>
        <h1>Person</h1>
        <Alert tone="error">{person.error.message}</Alert>
      </>
    );
  const p = person.data;
  return (
    <>
      <p>
        <Link to="/staff/people">People</Link>
      </p>
      <h1>
        {p.profile.firstName} {p.profile.lastName}
      </h1>
      <PersonActions person={p} />
      <ConsentReview person={p} />
      <CaseNotes key={`notes-${p.profile.id}`} person={p} />
      <DataRequests key={`requests-${p.profile.id}`} person={p} />
      <Profile person={p} />
      <Listing
        title="Kits"
        empty="No kits."
        head={['Kit', 'Sample', 'Name', 'Kit status', 'Sample status', 'Last change', 'Replacement']}
        rows={p.kits.map((k) => [
          <Link key="kit" to={`/staff/kits/${k.id}`}>{`KIT-${k.id}`}</Link>,
          k.sampleIdentifier,
          k.name ?? '—',
          k.kitStatus,
          k.sampleStatus ?? '—',
          formatConsoleTime(k.updatedAt),
          <ReplacementOrder key="replacement" person={p} kit={k} />,
        ])}
      />
      <Listing
        title="Orders"
        empty="No orders."
        head={['Order', 'Date', 'Amount', 'What']}
        rows={p.orders.map((o) => [
          o.number,
          formatConsoleTime(o.createdAt),
          money(o.amountCents),
          o.description ?? '—',
        ])}
      />
      <Listing
        title="Subscription"
        empty="No subscription."
        head={['Plan', 'Next renewal', 'Cancelled', 'Last renewal error']}
        rows={p.subscriptions.map((s) => [
          s.subscriptionType,
          formatConsoleTime(s.nextRenewalAt),
          s.cancelledAt ? formatConsoleTime(s.cancelledAt) : '—',
          s.lastRenewalError ?? '—',
        ])}
      />
      <Listing
        title="Consents"
        empty="No consent answers."
        head={['Consent', 'Answer', 'When']}
        rows={[
          ...p.consents.forms.map((f) => [
            'Parental consent form',
            f.reviewedAt ? (f.approved ? 'Approved' : 'Declined') : 'Waiting for review',
            formatConsoleTime(f.uploadedAt),
          ]),
          ...p.consents.answers.map((a) => [
            a.title,
            a.consented ? 'Agreed' : 'Declined',
            formatConsoleTime(a.at),
          ]),
        ]}
      />
      <PersonEmails person={p} />
      <Listing
        title="Access log"
        empty="Nobody from staff has looked at or changed this account."
        head={['When', 'Who', 'What']}
        rows={p.accessLog.map((e) => [formatConsoleTime(e.at), e.who, e.what])}
      />
    </>
  );
}
