import type { ReactNode } from 'react';
import { type CurrentUser, useCurrentUser } from '../../lib/current-user.ts';
import { Alert } from './alert.tsx';
import { Loading } from './loading.tsx';
import { Modal } from './modal.tsx';

type Props = {
  open?: boolean;
  title: string;
  onClose: () => void;
  /** The flow, once the signed-in person is known. */
  children: (user: CurrentUser) => ReactNode;
};

/**
 * A modal whose flow needs the signed-in person: nothing while closed, the modal with Loading (or the
 * error) while the person loads, then the flow. The flow mounts afresh on every opening.
 */
export function CurrentUserModal({ open = true, title, onClose, children }: Props) {
  const user = useCurrentUser();
  if (!open) return null;
  if (!user.data) {
    return (
      <Modal open onClose={onClose} title={title}>
        {user.isError ? <Alert tone="error">{user.error.message}</Alert> : <Loading />}
      </Modal>
    );
  }
  return <>{children(user.data)}</>;
}
