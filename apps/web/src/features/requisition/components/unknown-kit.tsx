import { REQUISITION_MESSAGES } from '@portal/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import { useConfig } from '../../../lib/config.ts';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';

/** Research §2: a label that is not one of our kits. */
export function UnknownKit() {
  const { supportEmail } = useConfig();
  return (
    <div className="recruitment-card">
      <h1>{REQUISITION_MESSAGES.unknownKitTitle}</h1>
      <Alert tone="error">{REQUISITION_MESSAGES.invalidKit}</Alert>
      <p>
        {REQUISITION_TEXTS.unknownKitContact} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </div>
  );
}
