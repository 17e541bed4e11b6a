import { type KeyboardEvent, useId, useState } from 'react';
import { formatDisplayDate, LABEL_LIMITS, truncateLabel } from '../report-format.ts';
import { useIsMobile } from './use-is-mobile.ts';

export type SampleOption = { value: string; name: string; displayDate: string };

type SampleSelectProps = {
  label: string;
  placeholder: string;
  options: readonly SampleOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** Adds a first option that clears the choice, with this text. */
  clearLabel?: string;
};

const accessibleName = (option: SampleOption) => `${option.name}, ${formatDisplayDate(option.displayDate)}`;

/**
 * A select-only combobox (ARIA authoring practices): the chosen report's name is cut at 20 characters
 * (8 on mobile) and each option's at 16, as the spec says, while screen readers hear the whole name.
 */
export function SampleSelect({
  label,
  placeholder,
  options,
  value,
  onChange,
  clearLabel,
}: SampleSelectProps) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  // The clear option, when there is one, is index 0 and has the value null.
  const choices: (SampleOption | null)[] = clearLabel === undefined ? [...options] : [null, ...options];
  const selectedIndex = choices.findIndex((choice) => (choice?.value ?? null) === value);
  const selected = options.find((option) => option.value === value) ?? null;

  function show(index: number) {
    setActive(Math.min(Math.max(index, 0), choices.length - 1));
    setOpen(true);
    requestAnimationFrame(() =>
      document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' }),
    );
  }

  function choose(index: number) {
    const choice = choices[index];
    setOpen(false);
    if (choice !== undefined && (choice?.value ?? null) !== value) onChange(choice?.value ?? null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (choices.length === 0) return;
    const last = choices.length - 1;
    const from = open ? active : Math.max(selectedIndex, 0);
    const moves: Record<string, () => void> = {
      ArrowDown: () => (open && !event.altKey ? show(Math.min(active + 1, last)) : show(from)),
      ArrowUp: () => (open ? show(Math.max(active - 1, 0)) : show(from)),
      Home: () => show(0),
      End: () => show(last),
      PageDown: () => show(Math.min(from + 10, last)),
      PageUp: () => show(Math.max(from - 10, 0)),
      Enter: () => (open ? choose(active) : show(from)),
      ' ': () => (open ? choose(active) : show(from)),
      Escape: () => setOpen(false),
    };
    const move = moves[event.key];
    if (event.key === 'Escape' && !open) return;
    if (move) {
      event.preventDefault();
      event.stopPropagation();
      move();
    } else if (event.key === 'Tab' && open) {
      choose(active);
    }
  }

  return (
    <div className="sample-select">
      <span id={labelId} className="sample-select-label">
        {label}
      </span>
      <div
        role="combobox"
        tabIndex={0}
        className="sample-select-button"
        aria-labelledby={labelId}
        aria-controls={listId}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-activedescendant={open ? optionId(active) : undefined}
        onClick={() => (open ? setOpen(false) : show(Math.max(selectedIndex, 0)))}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        {selected ? (
          <>
            <span aria-hidden="true" className="sample-select-value" title={selected.name}>
              {truncateLabel(selected.name, isMobile ? LABEL_LIMITS.selectedMobile : LABEL_LIMITS.selected)}
            </span>
            <span className="visually-hidden">{accessibleName(selected)}</span>
          </>
        ) : (
          <span className="sample-select-placeholder">{placeholder}</span>
        )}
      </div>
      <div role="listbox" id={listId} aria-labelledby={labelId} className="sample-select-list" hidden={!open}>
        {choices.map((choice, index) => (
          // Keyboard use goes through the combobox (aria-activedescendant); the list is for pointers.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox above handles the keys
          <div
            key={choice?.value ?? ''}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === selectedIndex}
            className={index === active ? 'sample-select-option option-active' : 'sample-select-option'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            {choice ? (
              <>
                <span aria-hidden="true" className="sample-select-option-name" title={choice.name}>
                  {truncateLabel(choice.name, LABEL_LIMITS.option)}
                </span>
                <span aria-hidden="true" className="sample-select-option-date">
                  {formatDisplayDate(choice.displayDate)}
                </span>
                <span className="visually-hidden">{accessibleName(choice)}</span>
              </>
            ) : (
              clearLabel
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
