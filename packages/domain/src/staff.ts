import { z } from 'zod';
import { emailSchema } from './email.ts';
import { newPasswordSchema } from './password.ts';

/**
 * The staff console (issue 24, design.md §9): five roles, held as authorities on the account. ADMIN may
 * do everything any role may; the operator key counts as ADMIN.
 */
export const STAFF_ROLES = ['LOGISTICS', 'LAB', 'SUPPORT', 'STUDY', 'ADMIN'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** Each role's name and what it is for, as the console shows them. */
export const STAFF_ROLE_TEXT: Record<StaffRole, { label: string; duties: string }> = {
  LOGISTICS: { label: 'Logistics', duties: 'Kits and dispatch' },
  LAB: { label: 'Lab', duties: 'Receiving samples, lab steps and results' },
  SUPPORT: { label: 'Support', duties: 'People, the read-only view and consent review' },
  STUDY: { label: 'Study', duties: 'Projects, recruitments, sites and study kits' },
  ADMIN: { label: 'Admin', duties: 'Staff accounts, codes, settings and the audit log' },
};

export const isStaffRole = (authority: string): authority is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(authority);

/** The staff roles among an account's authorities, in the order of STAFF_ROLES. */
export const staffRolesOf = (authorities: readonly string[]): StaffRole[] =>
  STAFF_ROLES.filter((role) => authorities.includes(role));

/** Whether these authorities open something that needs one of `roles` (ADMIN opens everything). */
export const holdsStaffRole = (authorities: readonly string[], roles: readonly StaffRole[]): boolean =>
  authorities.includes('ADMIN') || roles.some((role) => authorities.includes(role));

export const STAFF_MESSAGES = {
  notStaff: 'This account is not a staff account. Staff accounts are created by invitation.',
  disabled: 'This staff account has been disabled. Ask an administrator if you need access again.',
  secondFactorRequired: 'Confirm your sign-in with the code from your authenticator app first.',
  enrolmentRequired: 'Set up your authenticator app before you use the console.',
  roleMissing: 'Your staff roles do not include this part of the console.',
  codeWrong: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  recoveryCodeWrong: 'That recovery code is not right, or it has been used already.',
  codeLocked: 'Too many wrong codes. Please wait 15 minutes before trying again.',
  factorLocked:
    'Your authenticator codes are locked after 10 wrong codes. Sign in with one of your recovery codes, or ask an administrator to unlock them.',
  factorNotLocked: 'The authenticator codes of this staff account are not locked.',
  alreadyEnrolled: 'An authenticator app is already set up for this account.',
  noPendingEnrolment: 'Start the set-up again: scan the new QR code, then enter its code.',
  invitationInvalid:
    'This invitation link has expired or has already been used. Ask an administrator for a new one.',
  invitationAccepted: 'Your password is set. Now set up your authenticator app.',
  emailTaken: 'An account with this email already exists. Staff accounts need an email of their own.',
  rolesRequired: 'Choose at least one role.',
  lastAdmin:
    'This is the last active administrator: first give the Admin role to another account that has accepted its invitation and set up its authenticator app.',
  notYourself: 'You cannot do that to your own account.',
  staffNotFound: 'There is no staff account with that id.',
  /** A roles change from a console window that loaded an older version (issue 33 item 16). */
  staleMember:
    'This staff member was changed in another window. We have loaded the latest version; please check and save again',
  notDisabled: 'This staff account is not disabled. Nothing was changed.',
  disabledInvite:
    'This staff account is disabled: enable it again from the staff list instead of inviting it. Nothing was sent.',
  operatorHasNoAccount: 'Sign in with your own staff account to do this.',
  /** Issue 34 item 15: a session an ADMIN ended; the member's next request is refused with this. */
  signedOutByAdmin: 'An administrator signed you out of the console. Sign in again to continue.',
  sessionNotFound: 'That session has ended already, or there is no such session. Nothing was changed.',
  ownSession: 'This is the session you are using now: use Sign out instead. Nothing was changed.',
} as const;

// STAFF_ERROR_CODES lives in errors.ts: the web app's API client reads one of them on every first load,
// and this module's schemas (classic zod) would come with it.

/** TOTP codes are 6 digits; recovery codes are 10 characters in two groups, e.g. `7KQ4M-X2PRD`. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[0-9A-Z]{5}-?[0-9A-Z]{5}$/;
export const RECOVERY_CODE_COUNT = 10;

/** The staff member's own view of their sign-in: who, which roles, and how far the second factor is. */
export const staffSessionSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(staffRoleSchema),
  /** An authenticator app is set up (confirmed with a code). */
  enrolled: z.boolean(),
  /** This session passed the second factor: the console is open. */
  secondFactorPassed: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const totpSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

const codeInput = z.string().trim().max(20);
export const totpCodeSchema = z.object({
  code: codeInput.regex(TOTP_CODE_PATTERN, STAFF_MESSAGES.codeWrong),
});
/** The sign-in's second step: a TOTP code, or one of the recovery codes. */
export const secondFactorSchema = z.object({
  code: codeInput.min(1, 'Enter the code from your authenticator app, or a recovery code.'),
});
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** An accepted invitation: the email the new staff member signs in with. */
export const invitationAcceptedSchema = z.object({ email: z.string() });

export const staffInvitationSchema = z.object({
  email: emailSchema,
  firstName: z.string().trim().min(1, 'Enter a first name.').max(100),
  lastName: z.string().trim().min(1, 'Enter a last name.').max(100),
  roles: z.array(staffRoleSchema).min(1, STAFF_MESSAGES.rolesRequired).max(STAFF_ROLES.length),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
export const staffInvitedSchema = z.object({ id: z.string(), invitationLink: z.string() });

export const acceptInvitationSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(staffRoleSchema),
  /** INVITED until the person sets a password, then ACTIVE; DISABLED for good. */
  status: z.enum(['INVITED', 'ACTIVE', 'DISABLED']),
  enrolled: z.boolean(),
  /** Ten wrong codes locked their authenticator codes: an ADMIN may unlock them. */
  secondFactorLocked: z.boolean(),
  invitedAt: z.string(),
  disabledAt: z.string().nullable(),
  /** Bumped by every change to the account: a roles change from an older version is refused (409). */
  version: z.number(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffMembersSchema = z.object({ staff: z.array(staffMemberSchema) });

/** A roles change names the version the console loaded: an older one is refused (409). */
export const staffRolesUpdateSchema = z.object({
  roles: z.array(staffRoleSchema).min(1, STAFF_MESSAGES.rolesRequired).max(STAFF_ROLES.length),
  version: z.number().int().positive(),
});
/** A disabled account enabled again with these roles (issue 34 item 15). */
export const staffEnableSchema = z.object({
  roles: z.array(staffRoleSchema).min(1, STAFF_MESSAGES.rolesRequired).max(STAFF_ROLES.length),
});
/** The roles a change set, and the version it made. */
export const staffRolesSavedSchema = z.object({ roles: z.array(staffRoleSchema), version: z.number() });

/**
 * A live console session as an ADMIN sees it (issue 34 item 15): who, since when, the last request, and
 * a summary of the device. No token and no full address: `network` is an IPv4 /24 or IPv6 /48.
 */
export const staffActiveSessionSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** How the second factor was passed: TOTP or RECOVERY_CODE. */
  method: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  device: z.string().nullable(),
  network: z.string().nullable(),
  /** The session the asking ADMIN is using. */
  current: z.boolean(),
});
export type StaffActiveSession = z.infer<typeof staffActiveSessionSchema>;
export const staffActiveSessionsSchema = z.object({ sessions: z.array(staffActiveSessionSchema) });
export const staffSessionsQuerySchema = z.object({
  member: z.uuid('That is not a staff account id.').optional(),
});
/** How many sessions a forced sign-out ended. */
export const staffSessionsEndedSchema = z.object({ ended: z.number().int() });
