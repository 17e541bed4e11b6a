import {
  LOGISTIC_TYPE_TEXT,
  type ProjectSurveyKey,
  RESULT_DELIVERY_TEXT,
  type StaffProjectRow,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProject, useUpdateSurveys } from '../api.ts';
import { FunnelPanel } from '../components/funnel-panel.tsx';
import { MailoutPanel } from '../components/mailout-panel.tsx';
import { ParticipantCodesPanel } from '../components/participant-codes-panel.tsx';
import { ParticipantsPanel } from '../components/participants-panel.tsx';
import { SurveyPicker } from '../components/survey-picker.tsx';
import { VoucherPanel } from '../components/voucher-panel.tsx';

const textOf = (table: Record<string, string>, key: string | null) => (key ? (table[key] ?? key) : '—');

/** The project's questionnaires, saved together. */
function SurveysPanel({ project }: { project: StaffProjectRow }) {
  const update = useUpdateSurveys(project.id);
  const [surveys, setSurveys] = useState<ProjectSurveyKey[]>(project.surveys);
  // The version the ticks came from. After a refused save (409) the reread project replaces them.
  const [loaded, setLoaded] = useState(project.version);
  const stale = update.error instanceof ApiError && update.error.status === 409;
  useEffect(() => {
    if (!stale || project.version === loaded) return;
    setSurveys(project.surveys);
    setLoaded(project.version);
  }, [stale, project.version, project.surveys, loaded]);
  return (
    <section className="staff-panel" aria-labelledby="surveys">
      <h2 id="surveys">Questionnaires</h2>
      {update.error ? <Alert tone="error">{update.error.message}</Alert> : null}
      {update.isSuccess ? <Alert tone="success">Questionnaires saved.</Alert> : null}
      <SurveyPicker value={surveys} onChange={setSurveys} />
      <Button
        busy={update.isPending}
        onClick={() =>
          update.mutate({ surveys, version: loaded }, { onSuccess: (row) => setLoaded(row.version) })
        }
      >
        Save questionnaires
      </Button>
    </section>
  );
}

/** STUDY: a research project, its questionnaires, vouchers and participant codes. */
export function ProjectPage() {
  const id = Number(useParams().projectId);
  const project = useProject(id);
  if (project.isPending) return <Loading />;
  if (project.error) return <Alert tone="error">{project.error.message}</Alert>;
  const p = project.data;
  return (
    <>
      <p>
        <Link to="/staff/projects">All projects</Link>
      </p>
      <h1>{p.name}</h1>
      <section className="staff-panel" aria-labelledby="project-facts">
        <h2 id="project-facts">Project {p.id}</h2>
        <dl className="staff-facts">
          <div>
            <dt>Participant code</dt>
            <dd className="staff-code">{p.participantCode}</dd>
          </div>
          <div>
            <dt>Kits</dt>
            <dd>{textOf(LOGISTIC_TYPE_TEXT, p.logisticType)}</dd>
          </div>
          <div>
            <dt>Results</dt>
            <dd>{textOf(RESULT_DELIVERY_TEXT, p.resultDeliveryType)}</dd>
          </div>
          <div>
            <dt>Contact</dt>
            <dd>{[p.contactName, p.phone, p.email].filter(Boolean).join(', ') || '—'}</dd>
          </div>
          <div>
            <dt>Kits made (redeemed)</dt>
            <dd>
              {p.kits} ({p.redeemedKits})
            </dd>
          </div>
          <div>
            <dt>Participants</dt>
            <dd>{p.members}</dd>
          </div>
        </dl>
        <p className="staff-note">
          The participant code joins a participant only together with one of this project's vouchers.
        </p>
      </section>
      <SurveysPanel key={p.surveys.join()} project={p} />
      <VoucherPanel projectId={p.id} />
      <FunnelPanel projectId={p.id} />
      <ParticipantsPanel projectId={p.id} />
      <ParticipantCodesPanel projectId={p.id} />
      <MailoutPanel audience={{ kind: 'PROJECT', id: p.id }} />
    </>
  );
}
