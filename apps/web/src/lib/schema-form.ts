import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

type Errors<V> = Partial<Record<keyof V, string>>;
type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * What checks a form: a zod schema (its `safeParse`), or a check of the same shape written without zod
 * (the sign-in form's, @portal/domain's loginRequestCheck: /login's first load carries no zod). This
 * module imports no zod for the same reason.
 */
export type FormCheck<V, Out> = {
  safeParse: (
    values: V,
  ) => { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
};

/** Each field's first problem, by the field's name: what a form shows under its fields. */
export function firstErrors<V>(issues: readonly Issue[]): Errors<V> {
  const errors: Errors<V> = {};
  for (const issue of issues) errors[issue.path[0] as keyof V] ??= issue.message;
  return errors;
}

/**
 * A form of a few text fields checked with a zod schema, as react-hook-form does it with our settings:
 * all fields on submit, the first invalid one taking focus; after a first submit, a field again on
 * each change. The sign-in screen's forms use it because they are on the first load, where react-hook-form
 * would add 13 KB gzip; longer forms use react-hook-form.
 */
export function useSchemaForm<V extends Record<string, string>, Out>(schema: FormCheck<V, Out>, initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const submitted = useRef(false);
  const inputs = useRef(new Map<keyof V, HTMLInputElement>());

  function field<K extends keyof V & string>(name: K) {
    return {
      name,
      value: values[name],
      error: errors[name],
      ref: (input: HTMLInputElement | null) => {
        if (input) inputs.current.set(name, input);
        else inputs.current.delete(name);
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (!submitted.current) return;
        const result = schema.safeParse(next);
        const error = result.success ? undefined : firstErrors<V>(result.error.issues)[name];
        setErrors((current) => ({ ...current, [name]: error }));
      },
    };
  }

  function handleSubmit(onValid: (data: Out) => void) {
    return (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      const result = schema.safeParse(values);
      if (result.success) {
        setErrors({});
        onValid(result.data);
        return;
      }
      const found = firstErrors<V>(result.error.issues);
      setErrors(found);
      const first = (Object.keys(initial) as (keyof V)[]).find((name) => found[name] !== undefined);
      if (first !== undefined) inputs.current.get(first)?.focus();
    };
  }

  /** Back to the initial values, as after a successful save. */
  function reset() {
    setValues(initial);
    setErrors({});
    submitted.current = false;
  }

  return { values, field, handleSubmit, reset };
}
