import { type Kit, kitDisplayName, REPORT_NOT_PERMITTED } from '@portal/domain';
import { useState } from 'react';
import { errorText } from '../../../components/kits/kit-format.ts';
import { useScrollToKit } from '../../../components/kits/use-scroll-to-kit.ts';
import { ResearchActivateModal } from '../../../components/research/research-activate-modal.tsx';
import { ResearchRedeemModal } from '../../../components/research/research-redeem-modal.tsx';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useResearchKits } from '../../../lib/research-api.ts';
import { ProjectSection } from '../components/project-section.tsx';
import { AddProjectModal } from '../modals/add-project-modal.tsx';

type Dialog = { kind: 'redeem' } | { kind: 'addProject' } | { kind: 'activate'; kit: Kit } | null;

/**
 * My Research (/kits on the research portal): the participant's projects with their contacts and kits.
 * ?scrollingPosition=kit-{id} scrolls to a kit after 1 s and highlights it for 2 s; /kits/notAllowed
 * explains a refused report.
 */
export function MyResearchPage({ notAllowed = false }: { notAllowed?: boolean }) {
  const projects = useResearchKits();
  const highlighted = useScrollToKit(projects.isSuccess);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <h1>{RESEARCH_TEXTS.myResearch}</h1>
      {notAllowed ? <Alert tone="error">{REPORT_NOT_PERMITTED}</Alert> : null}
      <div className="form-actions kits-header-actions">
        <Button onClick={() => setDialog({ kind: 'redeem' })}>{RESEARCH_TEXTS.dashboardActivate}</Button>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'addProject' })}>
          {RESEARCH_TEXTS.joinProject}
        </Button>
      </div>
      {projects.isPending ? <Loading /> : null}
      {projects.isError ? <Alert tone="error">{errorText(projects.error)}</Alert> : null}
      {projects.data?.length === 0 ? <p>{RESEARCH_TEXTS.noProjects}</p> : null}
      {projects.data?.map((project) => (
        <ProjectSection
          key={project.id}
          project={project}
          highlighted={highlighted}
          onSendNow={(kit) => setDialog({ kind: 'activate', kit })}
        />
      ))}
      <ResearchRedeemModal open={dialog?.kind === 'redeem'} onClose={close} />
      <AddProjectModal open={dialog?.kind === 'addProject'} onClose={close} />
      {dialog?.kind === 'activate' ? (
        <ResearchActivateModal
          target={{ kitId: dialog.kit.id, name: kitDisplayName(dialog.kit), voucher: dialog.kit.voucherCode }}
          onClose={close}
        />
      ) : null}
    </>
  );
}
