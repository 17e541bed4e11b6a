import { kitAnchor } from '../../../components/kits/kit-card.tsx';
import { errorText } from '../../../components/kits/kit-format.ts';
import { useScrollToKit } from '../../../components/kits/use-scroll-to-kit.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useKits } from '../../../lib/kits-api.ts';
import { KitSurveys } from './kit-surveys.tsx';
import { kitsByProject } from './listed-kits.ts';
import type { SurveyKitActions } from './survey-dialogs.tsx';
import { SurveysEmpty } from './surveys-empty.tsx';
import { UnsentKits } from './unsent-kits.tsx';

/**
 * The research portal's list: one block per project with questionnaires, a row per kit, then the kits
 * not sent yet. ?scrollingPosition=kit-{id} (My Research's Questionnaires action) scrolls to that kit.
 */
export function ResearchSurveys({ actions }: { actions: SurveyKitActions }) {
  const kits = useKits();
  const highlighted = useScrollToKit(kits.isSuccess);
  if (kits.isPending) return <Loading />;
  if (kits.isError) return <Alert tone="error">{errorText(kits.error)}</Alert>;
  const projects = kitsByProject(kits.data);
  return (
    <>
      {projects.length === 0 ? <SurveysEmpty /> : null}
      <div className="kit-list">
        {projects.map((project) => (
          <section
            key={project.id}
            className="survey-project"
            aria-labelledby={`survey-project-${project.id}`}
          >
            <h2 id={`survey-project-${project.id}`}>{project.name}</h2>
            <div className="kit-list">
              {project.kits.map((kit) => (
                <KitSurveys
                  key={kit.id}
                  kit={kit}
                  research
                  highlighted={highlighted === kitAnchor(kit.id)}
                  onRequestReplacement={actions.onRequestReplacement}
                />
              ))}
            </div>
          </section>
        ))}
      </div>
      <UnsentKits kits={kits.data} actions={actions} />
    </>
  );
}
