import type { StaffMember, StaffRole } from '@portal/domain';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/staff/confirm-dialog.tsx';
import { RolePicker } from '../../../components/staff/role-picker.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  useChangeRoles,
  useDisableStaff,
  useEnableStaff,
  useResetSecondFactor,
  useUnlockSecondFactor,
} from '../api.ts';

type Dialog = 'roles' | 'unlock' | 'reset' | 'disable' | 'enable' | null;

/**
 * A staff member's actions: change roles, unlock their codes after ten wrong ones, remove a lost
 * authenticator app, disable the account.
 */
export function MemberActions({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const [open, setOpen] = useState<Dialog>(null);
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  // The version the ticks came from. After a refused change (409) the reread member replaces them.
  const [loaded, setLoaded] = useState(member.version);
  const change = useChangeRoles();
  const stale = change.error instanceof ApiError && change.error.status === 409;
  useEffect(() => {
    if (!stale || member.version === loaded) return;
    setRoles(member.roles);
    setLoaded(member.version);
  }, [stale, member.version, member.roles, loaded]);
  const unlock = useUnlockSecondFactor();
  const reset = useResetSecondFactor();
  const disable = useDisableStaff();
  const enable = useEnableStaff();
  const name = `${member.firstName} ${member.lastName}`;
  const close = () => {
    setOpen(null);
    change.reset();
    unlock.reset();
    reset.reset();
    disable.reset();
    enable.reset();
  };
  const error = change.error ?? unlock.error ?? reset.error ?? disable.error ?? enable.error;
  if (member.status === 'DISABLED')
    return (
      <div className="staff-row-actions">
        <Button
          variant="secondary"
          onClick={() => {
            setRoles([]);
            setOpen('enable');
          }}
        >
          Enable again…<span className="visually-hidden"> {name}</span>
        </Button>
        <Modal open={open === 'enable'} onClose={close} title={`Enable ${name} again?`}>
          <p>
            They sign in with their password and authenticator app as before, and get an email. Choose their
            roles.
          </p>
          {error ? <Alert tone="error">{error.message}</Alert> : null}
          <RolePicker legend="Roles" value={roles} onChange={setRoles} />
          <div className="form-actions">
            <Button
              busy={enable.isPending}
              disabled={roles.length === 0}
              onClick={() => enable.mutate({ id: member.id, roles }, { onSuccess: close })}
            >
              Enable the account
            </Button>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
          </div>
        </Modal>
      </div>
    );

  return (
    <div className="staff-row-actions">
      <Button
        variant="secondary"
        onClick={() => {
          setRoles(member.roles);
          setLoaded(member.version);
          setOpen('roles');
        }}
      >
        Change roles<span className="visually-hidden"> of {name}</span>
      </Button>
      {!isSelf && member.secondFactorLocked ? (
        <Button variant="secondary" onClick={() => setOpen('unlock')}>
          Unlock codes<span className="visually-hidden"> of {name}</span>
        </Button>
      ) : null}
      {!isSelf && member.enrolled ? (
        <Button variant="quiet" onClick={() => setOpen('reset')}>
          Reset app<span className="visually-hidden"> of {name}</span>
        </Button>
      ) : null}
      {!isSelf ? (
        <Button variant="quiet" onClick={() => setOpen('disable')}>
          Disable<span className="visually-hidden"> {name}</span>
        </Button>
      ) : null}
      <Modal open={open === 'roles'} onClose={close} title={`Roles of ${name}`}>
        {error ? <Alert tone="error">{error.message}</Alert> : null}
        <RolePicker legend="Roles" value={roles} onChange={setRoles} />
        <div className="form-actions">
          <Button
            busy={change.isPending}
            disabled={roles.length === 0}
            onClick={() => change.mutate({ id: member.id, roles, version: loaded }, { onSuccess: close })}
          >
            Save roles
          </Button>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
        </div>
      </Modal>
      <ConfirmDialog
        open={open === 'unlock'}
        title={`Unlock the codes of ${name}?`}
        error={error}
        busy={unlock.isPending}
        confirmLabel="Unlock the codes"
        onConfirm={() => unlock.mutate(member.id, { onSuccess: close })}
        onClose={close}
      >
        <p>
          Ten wrong codes locked their authenticator app, and they were emailed. Unlock only once you know it
          was them: if it was not, someone knows their password, so reset the app or disable the account
          instead.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'reset'}
        title={`Reset the authenticator app of ${name}?`}
        error={error}
        busy={reset.isPending}
        confirmLabel="Reset the app"
        onConfirm={() => reset.mutate(member.id, { onSuccess: close })}
        onClose={close}
      >
        <p>
          For a lost phone: their app and recovery codes stop working, and their next sign-in sets up a new
          app.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'disable'}
        title={`Disable ${name}?`}
        error={error}
        busy={disable.isPending}
        confirmLabel="Disable the account"
        onConfirm={() => disable.mutate(member.id, { onSuccess: close })}
        onClose={close}
      >
        <p>
          Their roles are removed and they are signed out everywhere at once, and they cannot sign in until an
          administrator enables the account again.
        </p>
      </ConfirmDialog>
    </div>
  );
}
