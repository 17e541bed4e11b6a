import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ConsentAnswered,
  consentAnswerSchema,
  consentButtonLabel,
  RECRUITMENT_MESSAGES,
  type RecruitmentConsent,
} from '@portal/domain';
import { useId } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type ConsentAddress, type ConsentAnswer, useAnswerConsent } from '../api.ts';
import { consentPlainText } from '../consent-html.ts';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';
import { CandidateDetailsFields, type CandidateDetailsValues } from './candidate-details-fields.tsx';

type Choice = '' | 'agree' | 'disagree';
type ConsentValues = CandidateDetailsValues & { consented: Choice };

const answerResolver = zodResolver(consentAnswerSchema);

// The radios hold 'agree' or 'disagree'; the domain schema checks the boolean the API takes.
const resolver: Resolver<ConsentValues, unknown, ConsentAnswer> = (values, context, options) =>
  answerResolver(
    { ...values, consented: values.consented === '' ? undefined : values.consented === 'agree' } as never,
    context,
    options as never,
  ) as never;

const choiceOf = (response: boolean | null): Choice =>
  response === null ? '' : response ? 'agree' : 'disagree';

type Props = {
  address: ConsentAddress;
  consent: RecruitmentConsent;
  onAnswered: (answer: ConsentAnswered) => void;
  onTerminated: () => void;
};

/** The candidate's details, prefilled, and their agree or disagree answer to one consent. */
export function ConsentForm({ address, consent, onAnswered, onTerminated }: Props) {
  const answer = useAnswerConsent(address);
  const { candidate } = consent;
  const form = useForm<ConsentValues, unknown, ConsentAnswer>({
    resolver,
    defaultValues: {
      firstName: candidate.firstName,
      lastName: candidate.lastName,
      email: candidate.email,
      phoneNumber: candidate.phoneNumber ?? '',
      consented: choiceOf(consent.userResponse),
    },
  });
  const choiceError = form.formState.errors.consented?.message;
  const choiceErrorId = useId();

  const onSubmit = form.handleSubmit((values) =>
    answer.mutate(values, {
      onSuccess: onAnswered,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) onTerminated();
        for (const [name, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
          if (name in values) form.setError(name as keyof ConsentValues, { message });
        }
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={consentPlainText(consent.title)}>
        <CandidateDetailsFields legend={RECRUITMENT_TEXTS.detailsLegend} />
        <fieldset className="choice-group" aria-describedby={choiceError ? choiceErrorId : undefined}>
          <legend>{RECRUITMENT_TEXTS.answerLegend}</legend>
          {(
            [
              ['agree', consent.agreeLabel],
              ['disagree', consent.disagreeLabel],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                value={value}
                aria-invalid={choiceError ? true : undefined}
                {...form.register('consented')}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <FieldError id={choiceErrorId}>{choiceError}</FieldError>
        {answer.isError ? <Alert tone="error">{RECRUITMENT_MESSAGES.saveFailed}</Alert> : null}
        {answer.isSuccess ? <Alert tone="success">{RECRUITMENT_MESSAGES.saved}</Alert> : null}
        <div className="form-actions">
          <Button type="submit" busy={answer.isPending} disabled={answer.isSuccess}>
            {consentButtonLabel(consent)}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
