import {
  CONSENTS_PER_RECRUITMENT_MAX,
  type StaffRecruitmentDetail,
  staffRecruitmentCreateSchema,
} from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import {
  type ConsentDraft,
  ConsentEditor,
  consentErrors,
  EMPTY_CONSENT,
} from '../components/consent-editor.tsx';
import { useCreateRecruitment, useRecruitments } from '../recruitments-api.ts';

type Issue = { path: PropertyKey[]; message: string };

/** A new recruitment: its title and its chain of consents, in the order candidates meet them. */
function RecruitmentForm({
  onCreated,
  onSubmitting,
}: {
  onCreated: (r: StaffRecruitmentDetail) => void;
  /** Each submit: the page clears the last submit's message (issue 34 item 19). */
  onSubmitting: () => void;
}) {
  const create = useCreateRecruitment();
  const [title, setTitle] = useState('');
  const [chain, setChain] = useState<ConsentDraft[]>([EMPTY_CONSENT]);
  const [issues, setIssues] = useState<Issue[]>([]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmitting();
    create.reset();
    const parsed = staffRecruitmentCreateSchema.safeParse({ title, consents: chain });
    if (!parsed.success) {
      setIssues(parsed.error.issues);
      return;
    }
    setIssues([]);
    create.mutate(
      { title, consents: chain },
      {
        onSuccess: (created) => {
          setTitle('');
          setChain([EMPTY_CONSENT]);
          onCreated(created);
        },
      },
    );
  };
  const titleError = issues.find((i) => i.path.length === 1 && i.path[0] === 'title')?.message;
  return (
    <form className="staff-form" onSubmit={onSubmit} noValidate aria-label="New recruitment">
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      {issues.length > 0 ? <Alert tone="error">Please correct the highlighted fields.</Alert> : null}
      <Field
        label="Recruitment title"
        value={title}
        error={titleError}
        onChange={(e) => setTitle(e.target.value)}
      />
      {chain.map((consent, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the chain's position is the consent's identity here
        <div key={index}>
          <ConsentEditor
            label={`Consent ${index + 1}`}
            value={consent}
            errors={consentErrors(issues, index)}
            onChange={(next) => setChain(chain.map((c, i) => (i === index ? next : c)))}
          />
          {chain.length > 1 ? (
            <Button variant="quiet" onClick={() => setChain(chain.filter((_, i) => i !== index))}>
              Remove consent {index + 1}
            </Button>
          ) : null}
        </div>
      ))}
      <div className="form-actions">
        <Button
          variant="secondary"
          disabled={chain.length >= CONSENTS_PER_RECRUITMENT_MAX}
          onClick={() => setChain([...chain, EMPTY_CONSENT])}
        >
          Add a consent
        </Button>
        <Button type="submit" busy={create.isPending}>
          Create recruitment
        </Button>
      </div>
    </form>
  );
}

/** STUDY: recruitments, newest first, and a new one with its consent chain. */
export function RecruitmentsPage() {
  const list = useRecruitments();
  const [created, setCreated] = useState<StaffRecruitmentDetail | null>(null);
  const rows = list.data?.pages.flatMap((page) => page.recruitments) ?? [];
  return (
    <>
      <h1>Recruitments</h1>
      {created ? (
        <Alert tone="success">
          Recruitment created: <Link to={`/staff/recruitments/${created.id}`}>{created.title}</Link>.
        </Alert>
      ) : null}
      <PagedTable
        list={list}
        count={rows.length}
        empty="There is no recruitment yet."
        caption="Recruitments, newest first"
        columns={['Recruitment', 'Consents', 'Candidates', 'Unsubscribed', 'State']}
        more="Show older recruitments"
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={`/staff/recruitments/${r.id}`}>{r.title}</Link>
            </th>
            <td>{r.consents}</td>
            <td>{r.candidates}</td>
            <td>{r.unsubscribed}</td>
            <td>{r.terminated ? 'Ended' : 'Open'}</td>
          </tr>
        ))}
      </PagedTable>
      <section className="staff-panel" aria-labelledby="new-recruitment">
        <h2 id="new-recruitment">New recruitment</h2>
        <RecruitmentForm onCreated={setCreated} onSubmitting={() => setCreated(null)} />
      </section>
    </>
  );
}
