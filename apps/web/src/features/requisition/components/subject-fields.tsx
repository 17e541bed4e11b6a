import { type RequisitionFormValues, YEAR_OF_BIRTH_INPUT_MIN } from '@portal/domain';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';
import { SubjectVisits } from './subject-visits.tsx';

/** Subject Information: subject id (with the subject's visits), year of birth and gender. */
export function SubjectFields({ kitHashedId, timezone }: { kitHashedId: string; timezone: string }) {
  const { register, formState, control } = useFormContext<RequisitionFormValues>();
  const { errors } = formState;
  const subjectId = useWatch({ control, name: 'subjectId' });
  const genderError = errors.gender?.message;
  return (
    <section className="requisition-section" aria-labelledby="subject-heading">
      <h2 id="subject-heading">{REQUISITION_TEXTS.subjectSection}</h2>
      <Field
        label={REQUISITION_TEXTS.subjectId}
        autoComplete="off"
        maxLength={40}
        error={errors.subjectId?.message}
        {...register('subjectId')}
      />
      <SubjectVisits kitHashedId={kitHashedId} subjectId={subjectId ?? ''} timezone={timezone} />
      <Field
        label={REQUISITION_TEXTS.yearOfBirth}
        type="number"
        inputMode="numeric"
        min={YEAR_OF_BIRTH_INPUT_MIN}
        max={new Date().getFullYear()}
        error={errors.yearOfBirth?.message}
        {...register('yearOfBirth')}
      />
      <fieldset
        className="choice-group"
        aria-invalid={genderError ? true : undefined}
        aria-describedby={genderError ? 'gender-error' : undefined}
      >
        <legend>{REQUISITION_TEXTS.gender}</legend>
        <label className="choice">
          <input type="radio" value="MALE" {...register('gender')} />
          <span>{REQUISITION_TEXTS.male}</span>
        </label>
        <label className="choice">
          <input type="radio" value="FEMALE" {...register('gender')} />
          <span>{REQUISITION_TEXTS.female}</span>
        </label>
        {genderError ? (
          <p id="gender-error" className="field-error" role="alert">
            {genderError}
          </p>
        ) : null}
      </fieldset>
    </section>
  );
}
