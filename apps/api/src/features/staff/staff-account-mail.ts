import { mailGreeting, STAFF_ROLE_TEXT, type StaffRole } from '@portal/domain';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';

/**
 * The emails a staff member gets when an administrator changes their account (issue 34 item 15): their
 * roles changed, or their account enabled again. Its texts live here, together, so a notification centre
 * can take them over as they are.
 */
export const STAFF_ACCOUNT_MAIL_TEXTS = {
  rolesSubject: (brand: string) => `Your ${brand} staff roles have changed`,
  rolesChanged: (by: string) => `${by} changed your roles in the staff console.`,
  rolesNow: (roles: string) => `Your roles are now: ${roles}.`,
  rolesBefore: (roles: string) => `Before, they were: ${roles}.`,
  enabledSubject: (brand: string) => `Your ${brand} staff account is enabled again`,
  enabled: (by: string) => `${by} enabled your staff account again.`,
  enabledSignIn:
    'Sign in with your password and your authenticator app as before. If you no longer have your phone, ask an administrator to remove your authenticator app so you can set up a new one.',
  notYou: (supportEmail: string) =>
    `If you did not expect this, tell an administrator or write to ${supportEmail}.`,
} as const;

const rolesText = (roles: readonly StaffRole[]) =>
  roles.length ? roles.map((role) => STAFF_ROLE_TEXT[role].label).join(', ') : 'none';

export function staffRolesMail(
  ctx: MailCtx,
  to: { email: string; firstName: string },
  change: { by: string; before: readonly StaffRole[]; after: readonly StaffRole[] },
) {
  const t = STAFF_ACCOUNT_MAIL_TEXTS;
  return compose(
    ctx,
    to.email,
    t.rolesSubject(ctx.brand),
    [
      mailGreeting(to.firstName),
      t.rolesChanged(change.by),
      t.rolesNow(rolesText(change.after)),
      t.rolesBefore(rolesText(change.before)),
      t.notYou(ctx.supportEmail),
    ],
    { label: 'Open the staff console', url: `${ctx.publicUrl}/staff` },
  );
}

export function staffEnabledMail(
  ctx: MailCtx,
  to: { email: string; firstName: string },
  change: { by: string; roles: readonly StaffRole[] },
) {
  const t = STAFF_ACCOUNT_MAIL_TEXTS;
  return compose(
    ctx,
    to.email,
    t.enabledSubject(ctx.brand),
    [
      mailGreeting(to.firstName),
      t.enabled(change.by),
      t.rolesNow(rolesText(change.roles)),
      t.enabledSignIn,
      t.notYou(ctx.supportEmail),
    ],
    { label: 'Open the staff console', url: `${ctx.publicUrl}/staff` },
  );
}
