import { SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useSession } from '../../lib/session.ts';
import { Alert } from './alert.tsx';
import { Icon } from './icon.tsx';
import { useModalHistory } from './modal-history.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  closeLabel?: string;
  /** The dialog's classes: 'modal' centres it; the mobile menu adds 'modal-drawer' to slide it in from the side. */
  className?: string;
  /**
   * The dialog only informs or navigates (the mobile menu, coach info): a support view leaves it as it
   * is. Every other dialog changes something, so in a support view it says it is read-only and its
   * controls are disabled: nothing is sent for the server to refuse.
   */
  informational?: boolean;
};

/**
 * A modal dialog: labelled by its title, Escape and the browser's Back close it, Tab stays inside, and
 * focus goes back to whatever had it before the dialog opened.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  closeLabel = 'Close',
  className = 'modal',
  informational = false,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const readOnly = useSession().actorId !== null && !informational;
  // Each open dialog is a history entry: Back closes the top one (issue 33 item 11).
  useModalHistory(open, onClose);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    return () => previous?.focus();
  }, [open]);

  // Escape closes the topmost dialog wherever focus is, including after it fell to the page (a field
  // that disappeared, a button disabled while its request ran).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!open) return;
    function onDocumentKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (dialogs[dialogs.length - 1] !== dialogRef.current) return;
      event.preventDefault();
      closeRef.current();
    }
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, [open]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className={className}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button button-secondary modal-close" onClick={onClose}>
            <Icon icon={X} size="sm" />
            {closeLabel}
          </button>
        </div>
        <div className="modal-body">
          {readOnly ? (
            <>
              <Alert tone="info">{SUPPORT_VIEW_READ_ONLY}</Alert>
              <fieldset
                className="read-only-frame"
                disabled
                onSubmitCapture={(event) => event.preventDefault()}
              >
                {children}
              </fieldset>
            </>
          ) : (
            children
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
