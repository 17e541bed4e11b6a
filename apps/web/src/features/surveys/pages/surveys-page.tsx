import { useState } from 'react';
import { GivenKits } from '../../../components/kits/given-kits.tsx';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useConfig } from '../../../lib/config.ts';
import { JourneySurveys } from '../components/journey-surveys.tsx';
import { ResearchSurveys } from '../components/research-surveys.tsx';
import { type SurveyDialog, SurveyDialogs, type SurveyKitActions } from '../components/survey-dialogs.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';

/**
 * /surveys: 'Questionnaires'. The customer portal has the kits page's two tabs (consumer §2); the
 * research portal lists its projects' kits (research §2). Both offer the list's actions: activate a
 * kit, send or give one not sent yet, order a replacement after a failed sample, and (customers) book
 * the coach.
 */
export function SurveysPage() {
  const { appType } = useConfig();
  const research = appType === 'RESEARCH';
  const [dialog, setDialog] = useState<SurveyDialog>(null);
  const actions: SurveyKitActions = {
    onSendNow: (kit) => setDialog({ kind: 'send', kit }),
    onGive: (kitId) => setDialog({ kind: 'give', kitId }),
    onRequestReplacement: (kit) => setDialog({ kind: 'replacement', kit }),
  };
  return (
    <>
      <h1>{SURVEY_TEXTS.title}</h1>
      {(research ? SURVEY_TEXTS.researchIntro : SURVEY_TEXTS.intro).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <div className="form-actions kits-header-actions">
        <Button onClick={() => setDialog({ kind: 'activate' })}>{SURVEY_TEXTS.activateKit}</Button>
      </div>
      {research ? (
        <ResearchSurveys actions={actions} />
      ) : (
        <Tabs
          label={KITS_TEXTS.tabsLabel}
          tabs={[
            { id: 'journey', label: KITS_TEXTS.journeyTab, panel: <JourneySurveys actions={actions} /> },
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
      <SurveyDialogs dialog={dialog} research={research} onClose={() => setDialog(null)} />
    </>
  );
}
