import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** The last page of a kit modal: its title is the modal's title, this is the message and the way out. */
export function SuccessStep({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  return (
    <>
      <Alert tone="success">{children}</Alert>
      <div className="form-actions">
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}
