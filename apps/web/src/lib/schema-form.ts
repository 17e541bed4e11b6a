import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { z } from 'zod/mini';

type Errors<V> = Partial<Record<keyof V, string>>;

/** Each field's first problem, by the field's name: what a form shows under its fields. */
export function firstErrors<V>(issues: readonly z.core.$ZodIssue[]): Errors<V> {
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
export function useSchemaForm<V extends Record<string, string>, Out>(
  schema: z.core.$ZodType<Out, V>,
  initial: V,
) {
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
        const result = z.safeParse(schema, next);
        const error = result.success ? undefined : firstErrors<V>(result.error.issues)[name];
        setErrors((current) => ({ ...current, [name]: error }));
      },
    };
  }

  function handleSubmit(onValid: (data: Out) => void) {
    return (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      const result = z.safeParse(schema, values);
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
