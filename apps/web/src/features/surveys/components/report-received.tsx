import { type Kit, reportDelivered } from '@portal/domain';
import { useEffect, useId, useState } from 'react';
import { useUpdateKit } from '../../../lib/kits-api.ts';
import { SURVEY_TEXTS } from '../survey-texts.ts';

/** Research §9: the report-received success state lasts 2 s. */
const SAVED_STATE_MS = 2000;

/**
 * Research §2 and §4: the report-received checkbox, enabled once the report is delivered. Ticking it
 * tells the server; unticking is reverted, so it stays ticked. A failed update is not shown (§8).
 */
export function ReportReceived({ kit }: { kit: Kit }) {
  const id = useId();
  const update = useUpdateKit();
  const [justSaved, setJustSaved] = useState(false);
  useEffect(() => {
    if (!justSaved) return;
    const timer = setTimeout(() => setJustSaved(false), SAVED_STATE_MS);
    return () => clearTimeout(timer);
  }, [justSaved]);

  const checked = kit.reportReceived || update.isPending || update.isSuccess;
  function onChange() {
    if (checked) return;
    update.mutate(
      { kitId: kit.id, patch: { reportReceived: true } },
      { onSuccess: () => setJustSaved(true) },
    );
  }
  return (
    <div className="survey-report-received">
      <input id={id} type="checkbox" checked={checked} disabled={!reportDelivered(kit)} onChange={onChange} />
      <label htmlFor={id}>{SURVEY_TEXTS.reportReceived}</label>
      <span role="status" className="survey-report-received-status">
        {justSaved ? SURVEY_TEXTS.reportReceivedSaved : ''}
      </span>
    </div>
  );
}
