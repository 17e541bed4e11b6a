import { Alert } from '../../../components/ui/alert.tsx';
import { useConfig } from '../../../lib/config.ts';
import { SURVEY_TEXTS } from '../survey-texts.ts';

/** Research §8: 'Failed to save answers' and 'Failed to get questionnaire answers' ask to contact support. */
export function SupportFailure({ title, detail }: { title: string; detail?: string | null }) {
  const { supportEmail } = useConfig();
  return (
    <Alert tone="error" title={title}>
      {detail ? <p>{detail}</p> : null}
      <p>
        {SURVEY_TEXTS.contactSupport} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </Alert>
  );
}
