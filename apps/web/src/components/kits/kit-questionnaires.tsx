import type { Kit } from '@portal/domain';
import { type ReactNode, useState } from 'react';
import { freshAccessToken } from '../../lib/api-client.ts';
import { useConfig } from '../../lib/config.ts';
import { Button } from '../ui/button.tsx';
import { errorText } from './kit-format.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * Questionnaire progress of a kit. Infant kits (with a surveyResultId) answer theirs in an external
 * questionnaire, opened with the kit's surveyResultId and the access token instead of the usual stats.
 */
export function KitQuestionnaires({ kit, children }: { kit: Kit; children?: ReactNode }) {
  if (kit.surveyResultId) return <InfantQuestionnaires surveyResultId={kit.surveyResultId} />;
  const total = kit.surveysStats.reduce((sum, s) => sum + s.totalQuestions, 0);
  const done = kit.surveysStats.reduce((sum, s) => sum + Math.min(s.completedQuestions, s.totalQuestions), 0);
  // Kits have no questionnaire stats until questionnaires exist; then there is nothing to show.
  if (total === 0) return null;
  return (
    <div className="kit-questionnaires">
      <h3>{KITS_TEXTS.questionnaires}</h3>
      <p>{KITS_TEXTS.questionnaireProgress(done, total)}</p>
      <progress value={done} max={total} aria-label={KITS_TEXTS.questionnaires} />
      {children}
    </div>
  );
}

function InfantQuestionnaires({ surveyResultId }: { surveyResultId: string }) {
  const { infantSurveyUrl, supportPhone } = useConfig();
  const [error, setError] = useState<string | null>(null);

  async function open(url: string) {
    setError(null);
    try {
      const token = await freshAccessToken();
      const query = new URLSearchParams({ surveyResultId, token });
      window.open(`${url}?${query}`, '_blank', 'noopener,noreferrer');
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <div className="kit-questionnaires">
      <h3>{KITS_TEXTS.questionnaires}</h3>
      {infantSurveyUrl ? (
        <Button variant="secondary" onClick={() => open(infantSurveyUrl)}>
          {KITS_TEXTS.openQuestionnaires}
        </Button>
      ) : (
        <p>{KITS_TEXTS.infantUnavailable(supportPhone)}</p>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
