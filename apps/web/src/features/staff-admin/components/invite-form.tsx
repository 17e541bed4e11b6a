import { type StaffRole, staffInvitationSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { RolePicker } from '../../../components/staff/role-picker.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { firstErrors } from '../../../lib/schema-form.ts';
import { useInviteStaff } from '../api.ts';

type Errors = Partial<Record<'email' | 'firstName' | 'lastName' | 'roles', string>>;

/** Invites a staff member: they get an email with the link to set a password and their app. */
export function InviteForm() {
  const invite = useInviteStaff();
  const [values, setValues] = useState({ email: '', firstName: '', lastName: '' });
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A new submit replaces the last one's message (issue 34 item 19): never a stale one beside it.
    setSentTo(null);
    invite.reset();
    const parsed = staffInvitationSchema.safeParse({ ...values, roles });
    if (!parsed.success) {
      setErrors(firstErrors<Errors>(parsed.error.issues));
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data.email);
        setValues({ email: '', firstName: '', lastName: '' });
        setRoles([]);
      },
    });
  };
  const serverFields = invite.error instanceof ApiError ? invite.error.fields : undefined;
  const field = (name: 'email' | 'firstName' | 'lastName') => ({
    name,
    value: values[name],
    error: errors[name] ?? serverFields?.[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <form className="staff-form" onSubmit={onSubmit} noValidate aria-label="Invite a staff member">
      {sentTo ? <Alert tone="success">Invitation sent to {sentTo}.</Alert> : null}
      {invite.error ? <Alert tone="error">{invite.error.message}</Alert> : null}
      <div className="staff-form-row">
        <Field label="Email" type="email" autoComplete="off" {...field('email')} />
        <Field label="First name" autoComplete="off" {...field('firstName')} />
        <Field label="Last name" autoComplete="off" {...field('lastName')} />
      </div>
      <RolePicker legend="Roles" value={roles} onChange={setRoles} error={errors.roles} />
      <Button type="submit" busy={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}
