import type { ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

/**
 * Asks before a console change that cannot be taken back: what will happen (children), the refusal
 * when the server gave one, and the change's button next to Cancel.
 */
export function ConfirmDialog({
  open,
  title,
  error,
  busy,
  confirmLabel,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  error: Error | null;
  busy: boolean;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      {children}
      <div className="form-actions">
        <Button busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
