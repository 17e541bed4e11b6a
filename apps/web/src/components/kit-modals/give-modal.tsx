import { giveKitSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { giveKit, useInvalidateKits } from '../../lib/kits-api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Modal } from '../ui/modal.tsx';
import { SuccessStep } from '../ui/success-step.tsx';
import { useStepFocus } from '../ui/use-step-focus.ts';

type Props = { open: boolean; onClose: () => void; kitId?: number; voucher?: string };
type FieldName = 'receiverEmail' | 'voucher';

const TITLE = 'Give a kit to someone';

/**
 * Send or give a kit: one of the person's kits (kitId), a voucher already known (voucher), or, with
 * neither, a voucher typed here. The receiver gets an email with the voucher and a redeem link.
 */
export function GiveKitModal({ open, onClose, kitId, voucher }: Props) {
  if (!open) return null;
  return <GiveKitForm onClose={onClose} kitId={kitId} voucher={voucher} />;
}

function GiveKitForm({ onClose, kitId, voucher }: Omit<Props, 'open'>) {
  const invalidateKits = useInvalidateKits();
  const askVoucher = kitId === undefined && !voucher;
  const [receiverEmail, setReceiverEmail] = useState('');
  const [typedVoucher, setTypedVoucher] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [givenTo, setGivenTo] = useState<string | null>(null);
  const stepRef = useStepFocus<HTMLDivElement>(givenTo ? 'DONE' : 'FORM');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = giveKitSchema.safeParse({
      receiverEmail: receiverEmail.trim(),
      kitId,
      voucher: askVoucher ? typedVoucher : voucher,
    });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setFieldErrors(found);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const result = await giveKit(parsed.data);
      setGivenTo(result.receiverEmail);
      void invalidateKits();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setFieldErrors(caught.fields);
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onClose={onClose} title={givenTo ? `Kit given to ${givenTo}` : TITLE}>
      <div ref={stepRef} tabIndex={-1} className="modal-step">
        {givenTo ? (
          <SuccessStep onDone={onClose}>
            We have emailed {givenTo} the voucher code and a link to redeem the kit. You can follow it under
            Kits Given to Others.
          </SuccessStep>
        ) : (
          <form noValidate aria-label={TITLE} onSubmit={onSubmit}>
            <p>We will email the voucher code and a link to redeem the kit to the person you give it to.</p>
            {voucher && kitId === undefined ? <p>Voucher code: {voucher}</p> : null}
            {askVoucher ? (
              <Field
                label="Voucher code"
                autoComplete="off"
                spellCheck={false}
                value={typedVoucher}
                error={fieldErrors.voucher}
                onChange={(event) => setTypedVoucher(event.target.value)}
              />
            ) : null}
            <Field
              label="Email of the person receiving the kit"
              type="email"
              autoComplete="off"
              value={receiverEmail}
              error={fieldErrors.receiverEmail}
              onChange={(event) => setReceiverEmail(event.target.value)}
            />
            {error && error !== fieldErrors.receiverEmail && error !== fieldErrors.voucher ? (
              <Alert tone="error">{error}</Alert>
            ) : null}
            <div className="form-actions">
              <Button type="submit" busy={busy}>
                Give kit
              </Button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
