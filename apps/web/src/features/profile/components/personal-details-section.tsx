import { GENDERS, PROFILE_LIMITS } from '@portal/domain';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import type { CurrentUser } from '../../../lib/current-user.ts';
import type { ProfileValues } from '../profile-values.ts';
import { SelectField } from './select-field.tsx';

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  OTHER: 'Other',
};

type Props = { form: UseFormReturn<ProfileValues>; user: CurrentUser; underAge: boolean };

/** Names, gender, date of birth, phone and email; a minor's guardian too. */
export function PersonalDetailsSection({ form, user, underAge }: Props) {
  const { errors } = form.formState;
  const field = (name: keyof ProfileValues, maxLength?: number) => ({
    ...form.register(name),
    maxLength,
    error: errors[name]?.message,
  });
  return (
    <fieldset className="card profile-section">
      <legend>Personal details</legend>
      {user.guardian ? <p>These are the details of your child or dependant.</p> : null}
      <Field label="First name" autoComplete="given-name" {...field('firstName', PROFILE_LIMITS.name)} />
      <Field label="Last name" autoComplete="family-name" {...field('lastName', PROFILE_LIMITS.name)} />
      <SelectField
        label="Gender"
        options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
        {...field('gender')}
      />
      <Field
        label="Date of birth"
        hint="DD/MM/YYYY"
        inputMode="numeric"
        autoComplete="bday"
        {...field('dateOfBirth')}
      />
      <Field
        label="Phone number"
        type="tel"
        autoComplete="tel"
        {...field('phoneNumber', PROFILE_LIMITS.phone)}
      />
      <Field label="Email" type="email" value={user.email} disabled readOnly />
      {underAge ? (
        <>
          <Field label="Guardian first name" {...field('guardianFirstName', PROFILE_LIMITS.name)} />
          <Field label="Guardian last name" {...field('guardianLastName', PROFILE_LIMITS.name)} />
        </>
      ) : null}
    </fieldset>
  );
}
