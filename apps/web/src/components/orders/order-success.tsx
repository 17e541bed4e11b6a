import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ORDER_TEXTS } from './orders-texts.ts';

type Props = {
  orderNumber: string;
  receiptEmail: string;
  /** What happens next, in a sentence or two. */
  children: ReactNode;
  onDone: () => void;
};

/** The last page of an order: the order number, what happens next, and the way to the kits. */
export function OrderSuccess({ orderNumber, receiptEmail, children, onDone }: Props) {
  return (
    <>
      <Alert tone="success">
        <p>
          {ORDER_TEXTS.orderNumber}: <strong>{orderNumber}</strong>
        </p>
        <p>{ORDER_TEXTS.receiptSent(receiptEmail)}</p>
      </Alert>
      {children}
      <div className="form-actions">
        <Link className="button button-primary" to="/kits" onClick={onDone}>
          {ORDER_TEXTS.goToKits}
        </Link>
        <Button variant="secondary" onClick={onDone}>
          {ORDER_TEXTS.done}
        </Button>
      </div>
    </>
  );
}
