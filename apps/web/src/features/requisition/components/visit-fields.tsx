import { parseDisplayDate, type RequisitionFormValues, STUDY_VISITS, zoneName } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';

/**
 * Visit Information: the study visit, the collection date and time at the site, and a note. A visit that
 * `visitProblem` refuses (research §5: the subject already has a kit of this type there) is put back.
 */
export function VisitFields({
  timezone,
  visitProblem,
  lookup,
  savedVisit,
}: {
  timezone: string;
  visitProblem: (studyVisit: string) => string | null;
  /** Changes when a subject lookup arrives (empty while none holds for the subject typed). */
  lookup: string;
  /** The visit the kit was saved with: what a choice refused by a late lookup goes back to. */
  savedVisit: string;
}) {
  const { register, formState, getValues, setValue } = useFormContext<RequisitionFormValues>();
  const { errors } = formState;
  const accepted = useRef(getValues('studyVisit'));
  // What the field settles on is what a refused choice goes back to, including the form putting the
  // visit back after the server refused it (a choice and its refusal render once, together).
  const studyVisit = useWatch<RequisitionFormValues, 'studyVisit'>({ name: 'studyVisit' });
  useEffect(() => {
    accepted.current = studyVisit;
  }, [studyVisit]);
  const [refused, setRefused] = useState<string | null>(null);
  const visitField = register('studyVisit', {
    onChange: (event: { target: { value: string } }) => {
      const problem = visitProblem(event.target.value);
      setRefused(problem);
      if (problem) setValue('studyVisit', accepted.current);
    },
  });
  // A visit chosen before the lookup arrived is checked when it does, and refused the same way (§5).
  const checkOnLookup = useRef(visitProblem);
  checkOnLookup.current = visitProblem;
  useEffect(() => {
    if (!lookup) return;
    const problem = checkOnLookup.current(getValues('studyVisit'));
    if (!problem) return;
    setRefused(problem);
    setValue('studyVisit', savedVisit);
  }, [lookup, getValues, setValue, savedVisit]);
  const visitError = refused ?? errors.studyVisit?.message;
  // The zone's name on the collection day (AEST or AEDT where daylight saving applies), today until then.
  const collectionDate = parseDisplayDate(
    useWatch<RequisitionFormValues, 'collectionDate'>({ name: 'collectionDate' }) ?? '',
  );
  const zone = zoneName(timezone, collectionDate ? new Date(`${collectionDate}T12:00:00Z`) : new Date());
  const timeError = errors.collectionHour?.message ?? errors.collectionMinute?.message;
  return (
    <section className="requisition-section" aria-labelledby="visit-heading">
      <h2 id="visit-heading">{REQUISITION_TEXTS.visitSection}</h2>
      <div className="field">
        <label htmlFor="study-visit">{REQUISITION_TEXTS.studyVisit}</label>
        <select
          id="study-visit"
          aria-invalid={visitError ? true : undefined}
          aria-describedby={visitError ? 'study-visit-error' : undefined}
          {...visitField}
        >
          <option value="">{REQUISITION_TEXTS.chooseVisit}</option>
          {STUDY_VISITS.map((visit) => (
            <option key={visit} value={visit}>
              {visit}
            </option>
          ))}
        </select>
        {visitError ? (
          <p id="study-visit-error" className="field-error" role="alert">
            {visitError}
          </p>
        ) : null}
      </div>
      <Field
        label={REQUISITION_TEXTS.collectionDate}
        hint={REQUISITION_TEXTS.dateHint}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        error={errors.collectionDate?.message}
        {...register('collectionDate')}
      />
      <fieldset className="requisition-time" aria-describedby="collection-time-hint">
        <legend>{REQUISITION_TEXTS.collectionTime}</legend>
        <p id="collection-time-hint" className="field-hint">
          {REQUISITION_TEXTS.timeHint(zone, timezone)}
        </p>
        <div className="requisition-row">
          <Field
            label={REQUISITION_TEXTS.hour}
            inputMode="numeric"
            maxLength={2}
            autoComplete="off"
            invalid={Boolean(errors.collectionHour)}
            {...register('collectionHour')}
          />
          <Field
            label={REQUISITION_TEXTS.minute}
            inputMode="numeric"
            maxLength={2}
            autoComplete="off"
            invalid={Boolean(errors.collectionMinute)}
            {...register('collectionMinute')}
          />
        </div>
        {timeError ? (
          <p className="field-error" role="alert">
            {timeError}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor="requisition-note">{REQUISITION_TEXTS.note}</label>
        <textarea id="requisition-note" rows={3} maxLength={2000} {...register('note')} />
      </div>
    </section>
  );
}
