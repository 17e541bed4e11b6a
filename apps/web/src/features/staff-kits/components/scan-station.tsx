import type { StaffKitRow } from '@portal/domain';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';

/**
 * A scanning bench (issue 24): a barcode scanner types the code and presses Enter, one kit after
 * another, so the field keeps the focus, empties itself at once and takes the next code while the last
 * is still on its way (they are sent one after the other, in order). Each outcome goes into a live
 * region, so it is heard without looking up, and into the list below, newest first.
 */

export type ScanEntry = {
  id: number;
  code: string;
  state: 'pending' | 'done' | 'refused';
  message: string;
  kit: StaffKitRow | null;
};

type Props<R extends StaffKitRow, C> = {
  label: string;
  hint: string;
  /**
   * Does the work for one code, with what `capture` took of the page when it was scanned; a refusal
   * throws (the API's message is shown).
   */
  onScan: (code: string, captured: C) => Promise<R>;
  /** Takes the page's other fields as the code is scanned (the receipt's details), before it is sent. */
  capture?: () => C;
  /** The sentence for a kit done, e.g. "KIT-12 dispatched". */
  describe: (kit: R) => string;
  /** Called with every entry once it is settled (the dispatch page keeps the kits to print). */
  onSettled?: (entry: ScanEntry) => void;
  /** The scan field, for a page that gives it the focus back after its own buttons (issue 34). */
  inputRef?: RefObject<HTMLInputElement | null>;
  children?: ReactNode;
};

/** A scan the page itself refuses (the kit was found but cannot take this step): shown as refused. */
export class ScanRefusal extends Error {}

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof ScanRefusal ? error.message : CLIENT_MESSAGES.unexpected;

export function ScanStation<R extends StaffKitRow = StaffKitRow, C = undefined>({
  label,
  hint,
  onScan,
  capture,
  describe,
  onSettled,
  inputRef,
  children,
}: Props<R, C>) {
  const inputId = useId();
  const own = useRef<HTMLInputElement>(null);
  const input = inputRef ?? own;
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextId = useRef(1);
  const [value, setValue] = useState('');
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const [announcement, setAnnouncement] = useState('');

  const settle = (entry: ScanEntry) => {
    setEntries((all) => all.map((e) => (e.id === entry.id ? entry : e)));
    setAnnouncement(entry.message);
    onSettled?.(entry);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    setValue('');
    input.current?.focus();
    if (!code) return;
    const captured = capture?.() as C;
    const entry: ScanEntry = { id: nextId.current++, code, state: 'pending', message: '', kit: null };
    setEntries((all) => [entry, ...all]);
    queue.current = queue.current.then(async () => {
      try {
        const kit = await onScan(code, captured);
        settle({ ...entry, state: 'done', kit, message: describe(kit) });
      } catch (error) {
        settle({ ...entry, state: 'refused', message: `${code}: ${messageOf(error)}` });
      }
    });
  };

  const clearOnEscape = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setValue('');
  };

  const done = entries.filter((e) => e.state === 'done').length;
  const refused = entries.filter((e) => e.state === 'refused').length;
  return (
    <section className="staff-panel scan-station" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="visually-hidden">
        {label}
      </h2>
      <form className="scan-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={inputId}>{label}</label>
          <p id={`${inputId}-hint`} className="field-hint">
            {hint}
          </p>
          <input
            ref={input}
            id={inputId}
            className="scan-input"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={clearOnEscape}
            aria-describedby={`${inputId}-hint`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            // biome-ignore lint/a11y/noAutofocus: a scanning bench is useless until its field has the focus.
            autoFocus
          />
        </div>
        <Button type="submit">Enter</Button>
      </form>
      <p className="scan-announcement" aria-live="assertive" aria-atomic="true" data-testid="scan-result">
        {announcement}
      </p>
      {children}
      {entries.length > 0 ? (
        <>
          <p className="scan-counts">
            {done} done · {refused} refused
          </p>
          <ol className="scan-log" aria-label="Scanned this session, newest first">
            {entries.map((entry) => (
              <li key={entry.id} className={`scan-entry scan-entry-${entry.state}`}>
                <Badge
                  tone={entry.state === 'done' ? 'success' : entry.state === 'refused' ? 'error' : 'neutral'}
                >
                  {entry.state === 'done' ? 'Done' : entry.state === 'refused' ? 'Refused' : 'Sending'}
                </Badge>{' '}
                <span className="scan-code">{entry.code}</span>{' '}
                {entry.kit ? <Link to={`/staff/kits/${entry.kit.id}`}>{entry.message}</Link> : entry.message}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
