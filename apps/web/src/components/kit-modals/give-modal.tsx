import { zodResolver } from '@hookform/resolvers/zod';
import { giveKitSchema } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
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

type GiveValues = { receiverEmail: string; kitId?: number | undefined; voucher?: string | undefined };

function GiveKitForm({ onClose, kitId, voucher }: Omit<Props, 'open'>) {
  const invalidateKits = useInvalidateKits();
  const askVoucher = kitId === undefined && !voucher;
  const form = useForm<GiveValues>({
    resolver: zodResolver(giveKitSchema),
    defaultValues: { receiverEmail: '', kitId, voucher: askVoucher ? '' : voucher },
  });
  const give = useMutation({
    mutationFn: giveKit,
    onSuccess: () => void invalidateKits(),
    onError: (caught) => {
      if (!(caught instanceof ApiError) || !caught.fields) return;
      for (const [name, message] of Object.entries(caught.fields)) {
        form.setError(name as FieldName, { type: 'server', message });
      }
    },
  });
  const givenTo = give.data?.receiverEmail ?? null;
  const stepRef = useStepFocus<HTMLDivElement>(givenTo ? 'DONE' : 'FORM');
  const fieldErrors = form.formState.errors;
  const error = give.error ? errorText(give.error) : null;
  const onSubmit = form.handleSubmit(
    (values) => give.mutate(values),
    () => give.reset(),
  );

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
                error={fieldErrors.voucher?.message}
                {...form.register('voucher')}
              />
            ) : null}
            <Field
              label="Email of the person receiving the kit"
              type="email"
              autoComplete="off"
              error={fieldErrors.receiverEmail?.message}
              {...form.register('receiverEmail', { setValueAs: (value: string) => value.trim() })}
            />
            {error &&
            error !== fieldErrors.receiverEmail?.message &&
            error !== fieldErrors.voucher?.message ? (
              <Alert tone="error">{error}</Alert>
            ) : null}
            {/* Busy from the click on: the schema check runs before the mutation starts, and a second click
                in between would send twice. */}
            <div className="form-actions">
              <Button type="submit" busy={form.formState.isSubmitting || give.isPending}>
                Give kit
              </Button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
