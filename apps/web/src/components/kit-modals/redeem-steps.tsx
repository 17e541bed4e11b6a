import { KIT_MESSAGES, type RedeemOption } from '@portal/domain';
import { useId } from 'react';
import { type AddressDraft, isValidAddress } from '../address/address-draft.ts';
import { AddressFields } from '../address/address-fields.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { KIT_MODAL_TEXTS, REDEEM_OPTION_TEXTS } from './kit-modal-texts.ts';

/** REDEEM_TYPE: one button per option the person may choose. */
export function RedeemTypeStep({
  options,
  onChoose,
}: {
  options: RedeemOption[];
  onChoose: (option: RedeemOption) => void;
}) {
  const id = useId();
  return (
    <>
      <h3>How would you like to use your kit?</h3>
      <ul className="redeem-options">
        {options.map((option) => (
          <li key={option}>
            <Button
              variant="secondary"
              className="redeem-option"
              aria-describedby={`${id}-${option}`}
              onClick={() => onChoose(option)}
            >
              {REDEEM_OPTION_TEXTS[option].label}
            </Button>
            <p id={`${id}-${option}`} className="field-hint">
              {REDEEM_OPTION_TEXTS[option].description}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

type VoucherStepProps = {
  voucher: string;
  onVoucherChange: (voucher: string) => void;
  /** REDEEM_CODE_WITH_ADDRESS: the kit is sent now, so an address comes with the voucher. */
  address: AddressDraft | null;
  onAddressChange: (next: AddressDraft) => void;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onProceed: () => void;
};

/** REDEEM_CODE and REDEEM_CODE_WITH_ADDRESS. Proceed needs a voucher, and a valid address when sending now. */
export function VoucherStep({
  voucher,
  onVoucherChange,
  address,
  onAddressChange,
  busy,
  error,
  onBack,
  onProceed,
}: VoucherStepProps) {
  const ready = voucher.trim() !== '' && (address === null || isValidAddress(address));
  return (
    <form
      noValidate
      aria-label="Voucher"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onProceed();
      }}
    >
      <Field
        label="Voucher code"
        hint="For example XXXX-XXXX-XXXX"
        autoComplete="off"
        spellCheck={false}
        value={voucher}
        invalid={error === KIT_MESSAGES.invalidVoucher}
        onChange={(event) => onVoucherChange(event.target.value)}
      />
      {address ? (
        <>
          <p>{KIT_MODAL_TEXTS.deliveryTime}</p>
          <AddressFields value={address} onChange={onAddressChange} />
        </>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="form-actions">
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={!ready} busy={busy} busyLabel="Redeeming…">
          Proceed
        </Button>
      </div>
    </form>
  );
}

/** REDEEM_CONSENT: the reminder shown before a kit is set up for a child or dependant. */
export function ConsentStep({
  onBack,
  onContinue,
  busy = false,
}: {
  onBack: () => void;
  onContinue: () => void;
  /** While the person's kits load: they decide whether this account can hold a dependant's kit. */
  busy?: boolean;
}) {
  return (
    <>
      <h3>{KIT_MODAL_TEXTS.childReminderTitle}</h3>
      {KIT_MODAL_TEXTS.childReminder.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <div className="form-actions">
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
        <Button busy={busy} onClick={onContinue}>
          Continue
        </Button>
      </div>
    </>
  );
}

/** REDEEM_REJECT: this account cannot hold a dependant's kit. */
export function RejectStep({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  return (
    <>
      <Alert tone="warning">{KIT_MESSAGES.rejectGuardian}</Alert>
      <div className="form-actions">
        <Button variant="secondary" onClick={onBack}>
          Back to the options
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}
