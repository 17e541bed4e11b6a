import { useConfig } from '../../../lib/config.ts';
import { GivenKits } from '../../kits/components/given-kits.tsx';
import { KITS_TEXTS } from '../../kits/components/kit-texts.ts';
import { Tabs } from '../../kits/components/tabs.tsx';
import { JourneySurveys } from '../components/journey-surveys.tsx';
import { ResearchSurveys } from '../components/research-surveys.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';

/**
 * /surveys: 'Questionnaires'. The customer portal has the kits page's two tabs (consumer §2); the
 * research portal lists its projects' kits (research §2).
 */
export function SurveysPage() {
  const { appType } = useConfig();
  const research = appType === 'RESEARCH';
  return (
    <>
      <h1>{SURVEY_TEXTS.title}</h1>
      {(research ? SURVEY_TEXTS.researchIntro : SURVEY_TEXTS.intro).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {research ? (
        <ResearchSurveys />
      ) : (
        <Tabs
          label={KITS_TEXTS.tabsLabel}
          tabs={[
            { id: 'journey', label: KITS_TEXTS.journeyTab, panel: <JourneySurveys /> },
            {
              id: 'given',
              label: KITS_TEXTS.givenTab,
              panel: (
                <>
                  <p>{SURVEY_TEXTS.givenNote}</p>
                  <GivenKits />
                </>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
