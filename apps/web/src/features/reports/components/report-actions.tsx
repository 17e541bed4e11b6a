import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { OrderModal, SubscriptionModal } from '../../orders/modals/lazy-modals.ts';
import { comparisonPdfPath, downloadPdf, reportPdfPath } from '../api.ts';
import { REPORT_TEXTS } from '../report-texts.ts';

type ReportActionsProps = {
  /** The primary sample, and the secondary when the two are being compared. */
  primary: string | null;
  secondary: string | null;
};

/**
 * Download PDF (the report, or the comparison when two are chosen), and the spec's two actions: order
 * another kit and activate a subscription, with the orders feature's dialogs.
 */
export function ReportActions({ primary, secondary }: ReportActionsProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [buying, setBuying] = useState<'kit' | 'subscription' | null>(null);

  async function download() {
    if (!primary) return;
    setBusy(true);
    setError(null);
    try {
      await (secondary
        ? downloadPdf(comparisonPdfPath(primary, secondary), `comparison-${primary}-${secondary}.pdf`)
        : downloadPdf(reportPdfPath(primary), `report-${primary}.pdf`));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="report-actions">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="form-actions">
        {primary ? (
          <Button onClick={download} busy={busy}>
            {REPORT_TEXTS.downloadPdf}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => setBuying('kit')}>
          {REPORT_TEXTS.orderKit}
        </Button>
        <Button variant="secondary" onClick={() => setBuying('subscription')}>
          {REPORT_TEXTS.activateSubscription}
        </Button>
      </div>
      <OrderModal open={buying === 'kit'} onClose={() => setBuying(null)} />
      <SubscriptionModal open={buying === 'subscription'} onClose={() => setBuying(null)} />
    </div>
  );
}
