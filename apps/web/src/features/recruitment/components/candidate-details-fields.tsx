import { CANDIDATE_LIMITS } from '@portal/domain';
import { useFormContext } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';

export type CandidateDetailsValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
};

/** First name, last name, email and phone of a study candidate, inside a react-hook-form FormProvider. */
export function CandidateDetailsFields({ legend }: { legend?: string }) {
  const { register, formState } = useFormContext<CandidateDetailsValues>();
  const { errors } = formState;
  const fields = (
    <>
      <Field
        label="First name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <Field
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Phone number"
        type="tel"
        autoComplete="tel"
        maxLength={CANDIDATE_LIMITS.phone}
        hint={RECRUITMENT_TEXTS.phoneHint}
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
    </>
  );
  if (!legend) return fields;
  return (
    <fieldset className="recruitment-details">
      <legend>{legend}</legend>
      {fields}
    </fieldset>
  );
}
