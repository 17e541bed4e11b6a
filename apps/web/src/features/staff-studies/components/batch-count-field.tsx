import { Field } from '../../../components/ui/field.tsx';

/** The typed count as the batch schemas read it: a number, or nothing when the field is empty. */
export const typedCount = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** "How many" of a batch form (vouchers, study kits): a whole number from 1, with the schema's complaint. */
export function BatchCountField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
