import { PROMO_TYPES, type StaffPromoRow, staffPromoCreateSchema } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { firstErrors } from '../../../lib/schema-form.ts';
import { useCreatePromo } from '../api.ts';

type PromoType = (typeof PROMO_TYPES)[number];
type Errors = Partial<Record<'code' | 'type' | 'value' | 'remainingUsage', string>>;

export const PROMO_TYPE_TEXT: Record<PromoType, string> = {
  AMOUNT: 'Dollars off the order',
  PERCENTAGE: 'Percentage off the order',
  TRACKING: 'Tracking only (no discount)',
};

/** '$20.00 off', '15% off' or 'Tracking only'. */
export function discountText(promo: Pick<StaffPromoRow, 'type' | 'value'>) {
  if (promo.type === 'AMOUNT') return `$${promo.value.toFixed(2)} off`;
  if (promo.type === 'PERCENTAGE') return `${promo.value}% off`;
  return 'Tracking only';
}

/** A new promo code: checked here with the server's schema, then by the server's own rules. */
export function PromoForm({
  onCreated,
  onSubmitting,
}: {
  onCreated: (promo: StaffPromoRow) => void;
  /** Each submit: the page clears the last submit's message (issue 34 item 19). */
  onSubmitting?: () => void;
}) {
  const create = useCreatePromo();
  const typeId = useId();
  const [values, setValues] = useState({ code: '', type: 'AMOUNT' as PromoType, value: '', uses: '' });
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmitting?.();
    create.reset();
    const parsed = staffPromoCreateSchema.safeParse({
      code: values.code,
      type: values.type,
      value: values.type === 'TRACKING' ? 0 : values.value.trim() === '' ? undefined : Number(values.value),
      remainingUsage: values.uses.trim() === '' ? null : Number(values.uses),
    });
    if (!parsed.success) {
      setErrors(firstErrors<Errors>(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (promo) => {
        setValues({ code: '', type: 'AMOUNT', value: '', uses: '' });
        onCreated(promo);
      },
    });
  };
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [name]: event.target.value });

  return (
    <form className="staff-form" onSubmit={onSubmit} noValidate aria-label="New promo code">
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      <div className="staff-form-row">
        <Field
          label="Code"
          hint="3 to 40 letters, digits, - or _"
          autoComplete="off"
          value={values.code}
          error={errors.code}
          onChange={set('code')}
        />
        <div className="field">
          <label htmlFor={typeId}>Kind</label>
          <select id={typeId} value={values.type} onChange={set('type')}>
            {PROMO_TYPES.map((type) => (
              <option key={type} value={type}>
                {PROMO_TYPE_TEXT[type]}
              </option>
            ))}
          </select>
        </div>
        {values.type === 'TRACKING' ? null : (
          <Field
            label={values.type === 'AMOUNT' ? 'Dollars off' : 'Percent off'}
            type="number"
            inputMode="decimal"
            min={0}
            value={values.value}
            error={errors.value}
            onChange={set('value')}
          />
        )}
        <Field
          label="Uses"
          hint="Leave empty for unlimited"
          type="number"
          inputMode="numeric"
          min={1}
          value={values.uses}
          error={errors.remainingUsage}
          onChange={set('uses')}
        />
      </div>
      <Button type="submit" busy={create.isPending}>
        Create promo code
      </Button>
    </form>
  );
}
