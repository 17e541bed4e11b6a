import { kitAnchor } from '../../../components/kits/kit-card.tsx';
import { errorText } from '../../../components/kits/kit-format.ts';
import { useScrollToKit } from '../../../components/kits/use-scroll-to-kit.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useKits } from '../../../lib/kits-api.ts';
import { KitSurveys } from './kit-surveys.tsx';
import { listedKits } from './listed-kits.ts';
import type { SurveyKitActions } from './survey-dialogs.tsx';
import { SurveysEmpty } from './surveys-empty.tsx';
import { UnsentKits } from './unsent-kits.tsx';

/**
 * Kits in My Journey: the questionnaires of each activated kit, then the kits not sent yet;
 * ?scrollingPosition=kit-{id} scrolls to one.
 */
export function JourneySurveys({ actions }: { actions: SurveyKitActions }) {
  const kits = useKits();
  const highlighted = useScrollToKit(kits.isSuccess);
  if (kits.isPending) return <Loading />;
  if (kits.isError) return <Alert tone="error">{errorText(kits.error)}</Alert>;
  const listed = listedKits(kits.data);
  return (
    <>
      {listed.length === 0 ? <SurveysEmpty /> : null}
      <div className="kit-list">
        {listed.map((kit) => (
          <KitSurveys
            key={kit.id}
            kit={kit}
            highlighted={highlighted === kitAnchor(kit.id)}
            onRequestReplacement={actions.onRequestReplacement}
          />
        ))}
      </div>
      <UnsentKits kits={kits.data} actions={actions} />
    </>
  );
}
