import { zodResolver } from '@hookform/resolvers/zod';
import {
  collectionTime,
  duplicateKitProblem,
  formatDisplayDate,
  type KitInfo,
  parseDisplayDate,
  pendingReplacementProblem,
  REQUISITION_MESSAGES,
  type RequisitionFormValues,
  requisitionFormSchema,
  type SampleReplacement,
  type SurveyQuestion,
  VISITOR_LOOKUP_DEBOUNCE_MS,
} from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitKit, useVisitorInfo } from '../api.ts';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { type StoolHandle, StoolQuestions, type StoolSetup } from './stool-questions.tsx';
import { SubjectFields } from './subject-fields.tsx';
import { TubeReplacements } from './tube-replacements.tsx';
import { VisitFields } from './visit-fields.tsx';

type RequisitionFormProps = {
  info: KitInfo;
  /** Stool kits only: the questionnaire and its saved answers. */
  stool: StoolSetup | null;
  onSubmitted: (message: string) => void;
};

/** The form as last saved for this kit, or empty for a kit not yet used. */
function savedValues(info: KitInfo): RequisitionFormValues {
  const [collection] = info.collections;
  const [hour = '', minute = ''] = collection?.collectionTimeAtSiteTimezone.split(':') ?? [];
  return {
    subjectId: info.visitor?.externalReference ?? '',
    yearOfBirth: info.visitor ? String(info.visitor.yearOfBirth) : '',
    gender: info.visitor?.gender ?? '',
    studyVisit: info.studyVisit ?? '',
    collectionDate: formatDisplayDate(collection?.collectionDateAtSiteTimezone),
    collectionHour: hour,
    collectionMinute: minute,
    note: info.note ?? '',
  };
}

/** The requisition form of a blood or stool kit (research §2, §5). */
export function RequisitionForm({ info, stool, onSubmitted }: RequisitionFormProps) {
  const isBlood = info.kit.kitType === 'ORBITM_B_KIT';
  const submit = useSubmitKit();
  const form = useForm<RequisitionFormValues>({
    resolver: zodResolver(requisitionFormSchema),
    defaultValues: savedValues(info),
  });
  const [replacements, setReplacements] = useState<SampleReplacement[]>(info.sampleReplacements);
  const [draft, setDraft] = useState<SampleReplacement>({ replaced: '', replacedBy: '' });
  const [replacementError, setReplacementError] = useState<string | null>(null);
  const [missing, setMissing] = useState<SurveyQuestion[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const stoolRef = useRef<StoolHandle>(null);
  // The subject's visits, as SubjectVisits shows them (the same lookup), refuse a second kit of this type.
  const subjectId = useWatch({ control: form.control, name: 'subjectId' });
  const settledSubject = useDebouncedValue((subjectId ?? '').trim(), VISITOR_LOOKUP_DEBOUNCE_MS);
  const visitor = useVisitorInfo(info.kit.kitHashedId, settledSubject);
  const lookupHolds = Boolean(visitor.data) && settledSubject === (subjectId ?? '').trim();
  const visitProblem = (studyVisit: string) =>
    visitor.data && lookupHolds
      ? duplicateKitProblem(
          visitor.data.visits,
          { kitType: info.kit.kitType, studyVisit, subjectId: settledSubject },
          { studyVisit: info.studyVisit, subjectId: info.visitor?.externalReference ?? null },
        )
      : null;

  /** The checks outside the form fields: a replacement typed but not added, unanswered stool questions. */
  async function otherChecks(): Promise<boolean> {
    const pending = isBlood ? pendingReplacementProblem(draft) : null;
    if (pending) setReplacementError(pending);
    const unanswered = (await stoolRef.current?.unanswered()) ?? [];
    setMissing(unanswered);
    return !pending && unanswered.length === 0;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const ready = await otherChecks();
    await form.handleSubmit((values) => {
      if (!ready) return;
      const payload = {
        formType: 'requisition-form' as const,
        kitHashedId: info.kit.kitHashedId,
        visitor: {
          externalReference: values.subjectId.trim(),
          yearOfBirth: Number(values.yearOfBirth),
          gender: values.gender as 'MALE' | 'FEMALE',
        },
        studyVisit: values.studyVisit as 'SV1' | 'SV2',
        collections: [
          {
            kitHashedId: info.kit.kitHashedId,
            // Checked by the form schema: DD/MM/YYYY as typed, YYYY-MM-DD as sent.
            collectionDateAtSiteTimezone: parseDisplayDate(values.collectionDate) ?? '',
            collectionTimeAtSiteTimezone: collectionTime(values.collectionHour, values.collectionMinute),
          },
        ],
        note: values.note.trim() || null,
        sampleReplacements: isBlood ? replacements : [],
      };
      submit.mutate(payload, {
        onSuccess: (result) => onSubmitted(result.message),
        onError: (error) => {
          setFailure(REQUISITION_MESSAGES.submitFailed(error.message));
          // Research §5: refused as a second kit of its type for the visit, the visit goes back.
          if (error instanceof ApiError && error.status === 409)
            form.setValue('studyVisit', info.studyVisit ?? '');
        },
      });
    })();
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={REQUISITION_TEXTS.formLabel}>
        <SubjectFields kitHashedId={info.kit.kitHashedId} timezone={info.site.timezone} />
        <VisitFields
          timezone={info.site.timezone}
          visitProblem={visitProblem}
          lookup={lookupHolds ? `${settledSubject}@${visitor.dataUpdatedAt}` : ''}
          savedVisit={info.studyVisit ?? ''}
        />
        {isBlood ? (
          <TubeReplacements
            tubes={info.kit.tubes}
            list={replacements}
            onListChange={(list) => {
              setReplacements(list);
              setReplacementError(null);
            }}
            draft={draft}
            onDraftChange={setDraft}
            error={replacementError}
            onError={setReplacementError}
          />
        ) : null}
        {stool ? (
          <StoolQuestions
            ref={stoolRef}
            setup={stool}
            missing={
              missing.length
                ? {
                    title: REQUISITION_MESSAGES.requiredNotProvided,
                    intro: REQUISITION_MESSAGES.answerListed,
                    questions: missing,
                  }
                : null
            }
          />
        ) : null}
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="form-actions">
          <Button type="submit" busy={submit.isPending}>
            {REQUISITION_TEXTS.submit}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
