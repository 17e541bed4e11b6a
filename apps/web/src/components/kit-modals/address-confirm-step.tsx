import { type AddressDraft, isValidAddress } from '../address/address-draft.ts';
import { AddressFields } from '../address/address-fields.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { KIT_MODAL_TEXTS } from './kit-modal-texts.ts';

type Props = {
  address: AddressDraft;
  onAddressChange: (next: AddressDraft) => void;
  busy: boolean;
  error: string | null;
  onSendNow: () => void;
  onSendLater: () => void;
};

/** Address confirm: the kit goes to this address now, or stays available to send later. */
export function AddressConfirmStep({ address, onAddressChange, busy, error, onSendNow, onSendLater }: Props) {
  const valid = isValidAddress(address);
  return (
    <form
      noValidate
      aria-label="Confirm your shipping address"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSendNow();
      }}
    >
      <p>Please check the address we should post your kit to. {KIT_MODAL_TEXTS.deliveryTime}</p>
      <AddressFields value={address} onChange={onAddressChange} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="form-actions">
        <Button type="submit" disabled={!valid} busy={busy} busyLabel="Sending…">
          Send now
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onSendLater}>
          Send later
        </Button>
      </div>
    </form>
  );
}
