import { dashboardGreeting, isListed, isNotActivated } from '@portal/domain';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type JoinOutcome,
  ResearchRedeemModal,
} from '../../../components/research/research-redeem-modal.tsx';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useResearchKits } from '../../../lib/research-api.ts';
import { ResearchNotifications } from '../components/research-notifications.tsx';
import { usePendingRedeem } from '../components/use-pending-redeem.ts';
import { AddProjectModal } from '../modals/add-project-modal.tsx';

const REDEEM = 'REDEEM';

/**
 * Home of the research portal: the three ways on (projects, activate a kit, add a project), kit
 * notifications and counts. ?showModal=REDEEM opens the redeem modal, as after the first profile save;
 * a participant code kept from registration joins its project first.
 */
export function ResearchDashboardPage() {
  const user = useCurrentUser();
  const projects = useResearchKits();
  const [params, setParams] = useSearchParams();
  const [addingProject, setAddingProject] = useState(false);
  const [joined, setJoined] = useState<JoinOutcome | null>(null);

  const openRedeem = useCallback(() => setParams({ showModal: REDEEM }, { replace: true }), [setParams]);
  const onJoined = useCallback(
    (outcome: JoinOutcome) => {
      setJoined(outcome);
      openRedeem();
    },
    [openRedeem],
  );
  usePendingRedeem(onJoined);

  if (user.isPending) return <Loading />;
  if (user.isError) return <Alert tone="error">{user.error.message}</Alert>;

  function closeRedeem() {
    setJoined(null);
    setParams(
      (current) => {
        current.delete('showModal');
        return current;
      },
      { replace: true },
    );
  }

  const kits = projects.data?.flatMap((project) => project.kits).filter(isListed) ?? [];

  return (
    <>
      <h1>{dashboardGreeting(user.data.firstName, user.data.guardian)}</h1>
      <ul className="action-cards">
        <li>
          <Link className="card action-card" to="/kits">
            <span className="action-card-title">{RESEARCH_TEXTS.dashboardProjects}</span>
            <span className="action-card-text">{RESEARCH_TEXTS.dashboardProjectsText}</span>
          </Link>
        </li>
        <li>
          <button type="button" className="card action-card" onClick={openRedeem}>
            <span className="action-card-title">{RESEARCH_TEXTS.dashboardActivate}</span>
            <span className="action-card-text">{RESEARCH_TEXTS.dashboardActivateText}</span>
          </button>
        </li>
        <li>
          <button type="button" className="card action-card" onClick={() => setAddingProject(true)}>
            <span className="action-card-title">{RESEARCH_TEXTS.dashboardAddProject}</span>
            <span className="action-card-text">{RESEARCH_TEXTS.dashboardAddProjectText}</span>
          </button>
        </li>
      </ul>
      {projects.isPending ? <Loading /> : null}
      {projects.isError ? <Alert tone="error">{projects.error.message}</Alert> : null}
      {projects.data ? (
        <div className="card-grid">
          <ResearchNotifications kits={kits} />
          <section className="card" aria-labelledby="kit-counts-title">
            <h2 id="kit-counts-title">{RESEARCH_TEXTS.kitCounts}</h2>
            <dl className="summary-list">
              <div className="summary-item">
                <dt>{RESEARCH_TEXTS.totalKits}</dt>
                <dd>{kits.length}</dd>
              </div>
              <div className="summary-item">
                <dt>{RESEARCH_TEXTS.availableKits}</dt>
                <dd>{kits.filter(isNotActivated).length}</dd>
              </div>
            </dl>
          </section>
        </div>
      ) : null}
      <ResearchRedeemModal open={params.get('showModal') === REDEEM} onClose={closeRedeem} joined={joined} />
      <AddProjectModal open={addingProject} onClose={() => setAddingProject(false)} />
    </>
  );
}
