import { canRequestReplacement, type PersonPage } from '@portal/domain';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/staff/reason-dialog.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useOrderReplacement } from '../api.ts';

type PersonKit = PersonPage['kits'][number];

/**
 * SUPPORT orders a replacement kit on the customer's behalf (issue 34 item 12): offered on a kit the
 * customer could replace themselves (its sample failed), free, with a reason for the audit log.
 */
export function ReplacementOrder({ person, kit }: { person: PersonPage; kit: PersonKit }) {
  const order = useOrderReplacement(person.profile.id);
  const [open, setOpen] = useState(false);
  if (order.isSuccess) return <Alert tone="success">{order.data.message}</Alert>;
  if (!canRequestReplacement(kit)) return null;
  const close = () => {
    setOpen(false);
    order.reset();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Order a replacement…<span className="visually-hidden"> for KIT-{kit.id}</span>
      </Button>
      <ReasonDialog
        open={open}
        title={`Order a replacement for KIT-${kit.id}?`}
        confirmLabel="Order the replacement"
        busy={order.isPending}
        error={order.error}
        onClose={close}
        onConfirm={(reason) => order.mutate({ kitId: kit.id, reason }, { onSuccess: () => setOpen(false) })}
      >
        <p>
          A new kit is ordered for {person.profile.firstName}, free of charge, and sent to the address KIT-
          {kit.id} went to. They get an email saying so.
        </p>
      </ReasonDialog>
    </>
  );
}
