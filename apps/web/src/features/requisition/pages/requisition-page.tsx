import { indexAnswers, kitTypeName, REQUISITION_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useKitInfo, useStoolAnswers, useStoolDefinition } from '../api.ts';
import { RequisitionForm } from '../components/requisition-form.tsx';
import { UnknownKit } from '../components/unknown-kit.tsx';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';

/** The public page `/requisition/:kitHashedId` that site staff open by scanning a blood or stool kit. */
export function RequisitionPage() {
  const { kitHashedId = '' } = useParams();
  const info = useKitInfo(kitHashedId, 'requisition-form');
  const isStool = info.data?.kit.kitType === 'ORBITM_S_KIT';
  const result = info.data?.surveyResults[0];
  const definition = useStoolDefinition(isStool);
  const answers = useStoolAnswers(isStool ? result : undefined);
  const [submitted, setSubmitted] = useState<string | null>(null);

  if (info.isError) {
    if (info.error instanceof ApiError && info.error.status === 404) return <UnknownKit />;
    return (
      <div className="recruitment-card">
        <h1>{REQUISITION_TEXTS.formLabel}</h1>
        <Alert tone="error">{REQUISITION_MESSAGES.loadFailed}</Alert>
      </div>
    );
  }
  if (isStool && (definition.isError || answers.isError))
    return (
      <div className="recruitment-card">
        <h1>{REQUISITION_TEXTS.heading(kitTypeName('ORBITM_S_KIT'))}</h1>
        <Alert tone="error">{REQUISITION_MESSAGES.loadFailed}</Alert>
      </div>
    );
  const stoolLoading = isStool && (!definition.data || !answers.data || answers.isFetching);
  if (info.isPending || info.isFetching || stoolLoading) return <Loading />;

  const { kit, site } = info.data;
  const stool =
    isStool && result && definition.data && answers.data
      ? { result, definition: definition.data, initial: indexAnswers(Object.values(answers.data)) }
      : null;
  return (
    <div className="recruitment-card requisition-card">
      <h1>{REQUISITION_TEXTS.heading(kitTypeName(kit.kitType))}</h1>
      <dl className="requisition-kit">
        <dt>{REQUISITION_TEXTS.kitLine}</dt>
        <dd>{kit.kitHashedId}</dd>
        <dt>{REQUISITION_TEXTS.siteLine}</dt>
        <dd>{site.name}</dd>
      </dl>
      {submitted ? <Alert tone="success">{submitted}</Alert> : null}
      <RequisitionForm
        // A submit reloads the form from what the server now holds (research §4).
        key={`${info.dataUpdatedAt}-${answers.dataUpdatedAt}`}
        info={info.data}
        stool={stool}
        onSubmitted={(message) => {
          setSubmitted(message);
          void info.refetch();
          // Only a stool kit has questionnaire answers to reload (research §2).
          if (stool) void answers.refetch();
        }}
      />
    </div>
  );
}
