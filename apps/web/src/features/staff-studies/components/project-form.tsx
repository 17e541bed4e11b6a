import {
  DEFAULT_PROJECT_SURVEYS,
  LOGISTIC_TYPE_TEXT,
  LOGISTIC_TYPES,
  type ProjectSurveyKey,
  RESULT_DELIVERY_TEXT,
  RESULT_DELIVERY_TYPES,
  type StaffProjectRow,
  staffProjectCreateSchema,
} from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { firstErrors } from '../../../lib/schema-form.ts';
import { useCreateProject } from '../api.ts';
import { SurveyPicker } from './survey-picker.tsx';

type Values = {
  name: string;
  logisticType: (typeof LOGISTIC_TYPES)[number];
  resultDeliveryType: (typeof RESULT_DELIVERY_TYPES)[number];
  contactName: string;
  phone: string;
  email: string;
};
type Errors = Partial<Record<keyof Values | 'surveys', string>>;
const EMPTY: Values = {
  name: '',
  logisticType: 'LAB_MANAGED',
  resultDeliveryType: 'PORTAL',
  contactName: '',
  phone: '',
  email: '',
};

/** A new research project (ops project:create): checked here with the server's schema. */
export function ProjectForm({ onCreated }: { onCreated: (project: StaffProjectRow) => void }) {
  const create = useCreateProject();
  const logisticsId = useId();
  const deliveryId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [surveys, setSurveys] = useState<ProjectSurveyKey[]>(DEFAULT_PROJECT_SURVEYS);
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffProjectCreateSchema.safeParse({ ...values, surveys });
    if (!parsed.success) {
      setErrors(firstErrors<Errors>(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(
      { ...values, surveys },
      {
        onSuccess: (project) => {
          setValues(EMPTY);
          setSurveys(DEFAULT_PROJECT_SURVEYS);
          onCreated(project);
        },
      },
    );
  };
  const choose = (name: keyof Values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });
  const set = (name: keyof Values) => ({ ...choose(name), error: errors[name] });

  return (
    <form className="staff-form" onSubmit={onSubmit} noValidate aria-label="New project">
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      <div className="staff-form-row">
        <Field label="Project name" autoComplete="off" {...set('name')} />
        <div className="field">
          <label htmlFor={logisticsId}>Kits</label>
          <select id={logisticsId} {...choose('logisticType')}>
            {LOGISTIC_TYPES.map((type) => (
              <option key={type} value={type}>
                {LOGISTIC_TYPE_TEXT[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={deliveryId}>Results</label>
          <select id={deliveryId} {...choose('resultDeliveryType')}>
            {RESULT_DELIVERY_TYPES.map((type) => (
              <option key={type} value={type}>
                {RESULT_DELIVERY_TEXT[type]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="staff-form-row">
        <Field label="Contact name" autoComplete="off" {...set('contactName')} />
        <Field label="Contact phone" type="tel" autoComplete="off" {...set('phone')} />
        <Field label="Contact email" type="email" autoComplete="off" {...set('email')} />
      </div>
      <SurveyPicker value={surveys} onChange={setSurveys} error={errors.surveys} />
      <Button type="submit" busy={create.isPending}>
        Create project
      </Button>
    </form>
  );
}
