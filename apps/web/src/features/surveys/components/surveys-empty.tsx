import { ActivateKitLink } from '../../../components/kits/kit-notifications.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Illustration } from '../../../components/ui/illustrations.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';

/** A clipboard with its questions still blank: no questionnaires yet. Decorative, in the brand's tokens. */
function ClipboardIllustration() {
  return (
    <Illustration>
      <rect x="28" y="24" width="40" height="52" rx="6" className="illustration-fill" />
      <rect x="38" y="19" width="20" height="10" rx="4" className="illustration-accent" />
      <path d="M36 42h24M36 52h24M36 62h14" className="illustration-line illustration-line-light" />
    </Illustration>
  );
}

/** No questionnaires yet: the spec's text, a picture, and the way to activate a kit (the redeem dialog). */
export function SurveysEmpty() {
  return (
    <EmptyState illustration={<ClipboardIllustration />} action={<ActivateKitLink />}>
      <p>{SURVEY_TEXTS.empty}</p>
    </EmptyState>
  );
}
