import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { OrderModal, SubscriptionModal } from '../../../components/orders/lazy-modals.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { downloadFile, downloadPdf } from '../../../lib/download.ts';
import { comparisonPdfPath, reportFilePath, reportPdfPath } from '../api.ts';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { REPORT_TEXTS } from '../report-texts.ts';
import { SHARE_TEXTS } from '../share-texts.ts';

type ReportActionsProps = {
  /** The primary sample, and the secondary when the two are being compared. */
  primary: string | null;
  secondary: string | null;
  /** On a phone the actions sit in one menu, closed until asked for (issue 33 item 19). */
  asMenu?: boolean;
};

/**
 * Download PDF (the report, or the comparison when two are chosen), the report's taxa CSV and lab profile,
 * and the spec's two actions: order
 * another kit and activate a subscription, with the orders feature's dialogs.
 */
export function ReportActions({ primary, secondary, asMenu = false }: ReportActionsProps) {
  const [buying, setBuying] = useState<'kit' | 'subscription' | null>(null);
  // One mutation for every download: one at a time, its pending state the busy flag, its error the alert.
  const fetching = useMutation({ mutationFn: (fetch: () => Promise<void>) => fetch() });
  const busy = fetching.isPending;
  const error = fetching.error ? fetching.error.message : null;

  function run(fetch: () => Promise<void>) {
    if (busy) return;
    fetching.mutate(fetch);
  }

  function download() {
    if (!primary) return;
    run(() =>
      secondary
        ? downloadPdf(comparisonPdfPath(primary, secondary), `comparison-${primary}-${secondary}.pdf`)
        : downloadPdf(reportPdfPath(primary), `report-${primary}.pdf`),
    );
  }

  const actions = (
    <div className="form-actions">
      {primary ? (
        <Button onClick={download} busy={busy}>
          {REPORT_TEXTS.downloadPdf}
        </Button>
      ) : null}
      {primary && !secondary ? (
        <>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(() => downloadFile(reportFilePath(primary, 'taxa.csv'), `taxa-${primary}.csv`, 'text/csv'))
            }
          >
            {JOURNEY_TEXTS.downloadCsv}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(() =>
                downloadFile(
                  reportFilePath(primary, 'metaphlan.txt'),
                  `${primary}_metaphlan.txt`,
                  'text/plain',
                ),
              )
            }
          >
            {JOURNEY_TEXTS.downloadProfile}
          </Button>
        </>
      ) : null}
      {primary ? (
        <Link className="button button-secondary" to="/reports/shares">
          {SHARE_TEXTS.openShare}
        </Link>
      ) : null}
      <Button variant="secondary" onClick={() => setBuying('kit')}>
        {REPORT_TEXTS.orderKit}
      </Button>
      <Button variant="secondary" onClick={() => setBuying('subscription')}>
        {REPORT_TEXTS.activateSubscription}
      </Button>
    </div>
  );

  return (
    <div className="report-actions">
      {error ? <Alert tone="error">{error}</Alert> : null}
      {asMenu ? <ActionsMenu>{actions}</ActionsMenu> : actions}
      <OrderModal open={buying === 'kit'} onClose={() => setBuying(null)} />
      <SubscriptionModal open={buying === 'subscription'} onClose={() => setBuying(null)} />
    </div>
  );
}

/** The actions behind one button that shows and hides them (a disclosure, so no keys to learn). */
function ActionsMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button variant="secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {REPORT_TEXTS.actionsMenu}
      </Button>
      <div id={id} className="report-actions-menu" hidden={!open}>
        {children}
      </div>
    </>
  );
}
