import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { type AddressSuggestion, useAddressSuggestions } from './address-suggestions.ts';

const DEBOUNCE_MS = 300;

/** A combobox that looks addresses up as you type and hands the chosen one back. */
export function AddressFinder({ onChoose }: { onChoose: (suggestion: AddressSuggestion) => void }) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const suggestions = useAddressSuggestions(query);
  const items = open && query.trim().length >= 3 ? (suggestions.data ?? []) : [];
  const expanded = items.length > 0;

  function choose(item: AddressSuggestion) {
    onChoose(item);
    setText(item.full_address);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!expanded) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const item = items[active];
      if (item) choose(item);
    } else if (event.key === 'Escape') {
      // Only the list closes: inside a modal, Escape must not also close the dialog.
      event.stopPropagation();
      setOpen(false);
    }
  }

  return (
    <div className="field address-finder">
      <label htmlFor={inputId}>Find your address</label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label="Address suggestions" hidden={!expanded}>
        {items.map((item, index) => (
          <div
            key={`${item.gnaf_id ?? ''}-${item.full_address}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'option-active' : undefined}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
            onKeyDown={() => undefined}
          >
            {item.full_address}
          </div>
        ))}
      </div>
    </div>
  );
}
