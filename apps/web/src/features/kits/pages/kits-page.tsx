import { type Kit, REPORT_NOT_PERMITTED } from '@portal/domain';
import { useState } from 'react';
import {
  ActivateKitModal,
  CoachInfoModal,
  GiveKitModal,
  RedeemModal,
  SelectOptionModal,
} from '../../../components/kit-modals/lazy-modals.ts';
import { GivenKits } from '../../../components/kits/given-kits.tsx';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { OrderModal, ReplacementOrderModal } from '../../../components/orders/lazy-modals.ts';
import { ManageSubscriptionPopover } from '../../../components/orders/manage-subscription-popover.tsx';
import { ORDER_TEXTS } from '../../../components/orders/orders-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useConfig } from '../../../lib/config.ts';
import { JourneyKits } from '../components/journey-kits.tsx';

/** The one dialog the page shows at a time, and the kit it is about. */
type Dialog =
  | { kind: 'redeem' }
  | { kind: 'selectOption'; kit: Kit }
  | { kind: 'activate'; kit: Kit }
  | { kind: 'give'; kitId: number }
  | { kind: 'coachInfo' }
  | { kind: 'order' }
  | { kind: 'replacement'; kit: Kit }
  | null;

/**
 * 'My Sampling Kits' ('My Research' in the research portal): the person's kits and the kits they gave
 * away. /kits/notAllowed explains a refused report. The cards ask for dialogs; the page owns them.
 */
export function KitsPage({ notAllowed = false }: { notAllowed?: boolean }) {
  const { appType } = useConfig();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <h1>{appType === 'RESEARCH' ? KITS_TEXTS.researchTitle : KITS_TEXTS.title}</h1>
      {notAllowed ? <Alert tone="error">{REPORT_NOT_PERMITTED}</Alert> : null}
      <div className="form-actions kits-header-actions">
        <Button onClick={() => setDialog({ kind: 'redeem' })}>{KITS_TEXTS.redeem}</Button>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'order' })}>
          {ORDER_TEXTS.buyKit}
        </Button>
        <ManageSubscriptionPopover />
      </div>
      <Tabs
        label={KITS_TEXTS.tabsLabel}
        tabs={[
          {
            id: 'journey',
            label: KITS_TEXTS.journeyTab,
            panel: (
              <JourneyKits
                onActivate={() => setDialog({ kind: 'redeem' })}
                onSelectOption={(kit) => setDialog({ kind: 'selectOption', kit })}
                onCoachInfo={() => setDialog({ kind: 'coachInfo' })}
                onRequestReplacement={(kit) => setDialog({ kind: 'replacement', kit })}
              />
            ),
          },
          { id: 'given', label: KITS_TEXTS.givenTab, panel: <GivenKits /> },
        ]}
      />
      <RedeemModal open={dialog?.kind === 'redeem'} onClose={close} />
      {dialog?.kind === 'selectOption' ? (
        <SelectOptionModal
          kit={dialog.kit}
          open
          onClose={close}
          onSendNow={(kit) => setDialog({ kind: 'activate', kit })}
          onGive={(kitId) => setDialog({ kind: 'give', kitId })}
        />
      ) : null}
      {dialog?.kind === 'activate' ? <ActivateKitModal kit={dialog.kit} open onClose={close} /> : null}
      <GiveKitModal
        open={dialog?.kind === 'give'}
        onClose={close}
        kitId={dialog?.kind === 'give' ? dialog.kitId : undefined}
      />
      <CoachInfoModal open={dialog?.kind === 'coachInfo'} onClose={close} />
      <OrderModal open={dialog?.kind === 'order'} onClose={close} />
      {dialog?.kind === 'replacement' ? (
        <ReplacementOrderModal kit={dialog.kit} open onClose={close} />
      ) : null}
    </>
  );
}
