import { STAFF_ORDER_MESSAGES, STAFF_REASON_MAX, staffRefundSchema } from '@portal/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Modal } from '../ui/modal.tsx';

type ReasonDialogProps = {
  open: boolean;
  title: string;
  /** What will happen, in words, before the reason is asked. */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: Error | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/**
 * Asks for the reason of a change that moves money or stops a service (a refund, a cancel): it goes to
 * the audit log with the staff member's name. The same rule as the server's (staffRefundSchema).
 */
export function ReasonDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setProblem(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffRefundSchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? STAFF_ORDER_MESSAGES.reasonRequired);
      return;
    }
    setProblem(undefined);
    onConfirm(parsed.data.reason);
  };
  return (
    <Modal open={open} onClose={close} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        {children}
        {error ? <Alert tone="error">{error.message}</Alert> : null}
        <Field
          label="Reason"
          hint="Kept in the audit log with your name."
          value={reason}
          maxLength={STAFF_REASON_MAX}
          autoComplete="off"
          error={problem}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
