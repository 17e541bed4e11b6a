import {
  type AU_STATES,
  formatDisplayDate,
  guardianNameProblems,
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  type ProfileFieldsInput,
  parseDisplayDate,
  passwordProblems,
  profileFieldsSchema,
} from '@portal/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { CurrentUser } from '../../lib/current-user.ts';

/** The profile form as typed: the date as DD/MM/YYYY, the password fields only while the box is open. */
export type ProfileValues = {
  firstName: string;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  phoneNumber: string;
  guardianFirstName: string;
  guardianLastName: string;
  addressLine1: string;
  addressLine2: string;
  suburb: string;
  state: string;
  postcode: string;
  country: string;
  provider: 'AF' | null;
  gnafId: string | null;
  externalIdentifier: string | null;
  password: string;
  newPassword: string;
  confirmPassword: string;
};
export type AddressKey = 'addressLine1' | 'addressLine2' | 'suburb' | 'state' | 'postcode';
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;
/** What the form's checks depend on besides the values. */
export type ProfileCheckContext = { underAge: boolean; passwordOpen: boolean };

export function initialValues(user: CurrentUser): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    gender: user.gender ?? '',
    dateOfBirth: formatDisplayDate(user.dateOfBirth),
    phoneNumber: user.phoneNumber ?? '',
    guardianFirstName: user.guardianFirstName ?? '',
    guardianLastName: user.guardianLastName ?? '',
    addressLine1: user.addressLine1 ?? '',
    addressLine2: user.addressLine2 ?? '',
    suburb: user.suburb ?? '',
    state: user.state ?? '',
    postcode: user.postcode ?? '',
    country: user.country || 'AU',
    provider: user.provider === 'AF' ? 'AF' : null,
    gnafId: user.gnafId ?? null,
    externalIdentifier: user.externalIdentifier ?? null,
    password: '',
    newPassword: '',
    confirmPassword: '',
  };
}

export function addressOf(values: Pick<ProfileValues, AddressKey>) {
  return {
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2 || null,
    suburb: values.suburb,
    state: values.state as (typeof AU_STATES)[number],
    postcode: values.postcode,
  };
}

type ProfileCheck =
  | { ok: true; body: ProfileFieldsInput; dateOfBirth: string }
  | { ok: false; errors: ProfileErrors };

/**
 * The domain's profile fields (profileFieldsSchema: all but the version) on the typed values, with what the form adds: the date as typed, the
 * guardian of a minor, and the password confirmation. The first message of each field is shown.
 */
export function checkProfile(
  values: ProfileValues,
  { underAge, passwordOpen }: ProfileCheckContext,
): ProfileCheck {
  const dob = values.dateOfBirth.trim() ? parseDisplayDate(values.dateOfBirth) : null;
  const changingPassword =
    passwordOpen && Boolean(values.password || values.newPassword || values.confirmPassword);
  const { password, newPassword, confirmPassword: _confirm, ...details } = values;
  const input = {
    ...details,
    dateOfBirth: dob ?? '',
    guardianFirstName: underAge ? values.guardianFirstName : null,
    guardianLastName: underAge ? values.guardianLastName : null,
    addressLine2: values.addressLine2 || null,
    ...(changingPassword ? { password, newPassword } : {}),
  };
  const parsed = profileFieldsSchema.safeParse(input);
  const found: ProfileErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) found[issue.path[0] as keyof ProfileValues] ??= issue.message;
  }
  if (!values.dateOfBirth.trim()) found.dateOfBirth = PROFILE_MESSAGES.required;
  else if (!dob) found.dateOfBirth = PROFILE_MESSAGES.invalidDate;
  if (!values.gender) found.gender = PROFILE_MESSAGES.invalidGender;
  if (!values.state) found.state = PROFILE_MESSAGES.invalidState;
  if (underAge) {
    Object.assign(
      found,
      guardianNameProblems({
        guardianFirstName: values.guardianFirstName.trim() || null,
        guardianLastName: values.guardianLastName.trim() || null,
      }),
    );
  }
  if (changingPassword) {
    // The schema's password refinement only runs once every other field is valid.
    const [problem] = passwordProblems(newPassword);
    if (problem) found.newPassword ??= problem;
    if (!password) found.password ??= PASSWORD_MESSAGES.wrongCurrent;
    if (newPassword !== values.confirmPassword) found.confirmPassword = PASSWORD_MESSAGES.mismatch;
  }
  if (Object.keys(found).length > 0 || !parsed.success || !dob) return { ok: false, errors: found };
  const { gender, state, country } = parsed.data;
  return { ok: true, body: { ...input, gender, dateOfBirth: dob, state, country }, dateOfBirth: dob };
}

/** checkProfile as react-hook-form's resolver; the context is read when the form is submitted. */
export function profileResolver(context: () => ProfileCheckContext): Resolver<ProfileValues> {
  return async (values) => {
    const result = checkProfile(values, context());
    if (result.ok) return { values, errors: {} };
    const errors: FieldErrors<ProfileValues> = {};
    for (const [name, message] of Object.entries(result.errors)) {
      errors[name as keyof ProfileValues] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };
}
