import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ORDER_TEXTS } from './orders-texts.ts';

/**
 * The popover that points to My Profile for managing subscriptions (research §2, consumer §2 Profile):
 * a disclosure button with the note and a link beneath it. Escape closes it and returns to the button.
 */
export function ManageSubscriptionPopover() {
  const id = useId();
  const [open, setOpen] = useState(false);

  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div className="subscription-popover">
      <button
        ref={buttonRef}
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={`${id}-content`}
        onClick={() => setOpen((current) => !current)}
      >
        {ORDER_TEXTS.manageSubscription}
      </button>
      <div id={`${id}-content`} className="subscription-popover-content" hidden={!open}>
        <p>{ORDER_TEXTS.manageSubscriptionText}</p>
        <Link to="/profile">{ORDER_TEXTS.goToProfile}</Link>
      </div>
    </div>
  );
}
