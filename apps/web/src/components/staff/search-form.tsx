import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';

/** The page's search text (`?q=`), and a way to search again: an empty search clears the address. */
export function useSearchQuery() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const search = (text: string) => setParams(text ? { q: text } : {});
  return { q, params, search };
}

/** A console search box: one search field and its button; `onSearch` gets the trimmed text. */
export function SearchForm({
  label,
  hint,
  formLabel = label,
  initial,
  onSearch,
  children,
}: {
  label: string;
  hint: string;
  /** The form's accessible name, when it is not the field's label. */
  formLabel?: string;
  initial: string;
  onSearch: (text: string) => void;
  /** More under the button (a link to another list). */
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState(initial);
  return (
    <form
      className="staff-search"
      aria-label={formLabel}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <Field
        label={label}
        hint={hint}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit">Search</Button>
      {children}
    </form>
  );
}
