import { useId, useState } from 'react';
import { useHydrated } from '../../../lib/hydration.ts';

/**
 * A technical term with its definition (issue 37): a `<dfn>` whose button shows a tooltip on focus, on
 * hover and on a tap (which keeps it open), and hides it on Escape or when focus leaves (a tap elsewhere).
 * The definition is also the button's description, so a screen reader reads it with the term.
 */
export function Term({ term, definition }: { term: string; definition: string }) {
  const tipId = useId();
  const [pinned, setPinned] = useState(false);
  const [shown, setShown] = useState(false);
  const open = pinned || shown;
  // Drawn by the server (decision 073), it works once the app has taken the page over.
  const hydrated = useHydrated();
  return (
    <dfn className="term">
      <button
        type="button"
        className="term-button"
        disabled={!hydrated}
        aria-describedby={tipId}
        aria-expanded={open}
        onClick={() => setPinned((p) => !p)}
        onFocus={() => setShown(true)}
        onBlur={() => {
          setShown(false);
          setPinned(false);
        }}
        onMouseEnter={() => setShown(true)}
        onMouseLeave={() => setShown(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setShown(false);
            setPinned(false);
          }
        }}
      >
        {term}
      </button>
      <span id={tipId} role="tooltip" className="term-tip" hidden={!open}>
        {definition}
      </span>
    </dfn>
  );
}

/** The report's technical terms and their plain definitions (grade 8 or below, checked by a test). */
export const TERMS: Record<string, string> = {
  'Shannon diversity':
    'A number that grows with how many kinds of microbes you have and how evenly they share your gut.',
  GMWI2:
    'Gut Microbiome Wellness Index 2: a research score that weighs microbes linked with health against those linked with disease.',
  GMHI: 'Gut Microbiome Health Index: a research score that compares species common in healthy people with species common in disease.',
  percentile: 'Where you fall among 100 people: at the 70th, 70 in 100 had a lower value.',
  species: 'One kind of microbe, such as one kind of bacteria.',
};

/** A sentence with the first use of each known term wrapped in a definition. */
export function WithTerms({ text }: { text: string }) {
  const pattern = new RegExp(`\\b(${Object.keys(TERMS).join('|')})\\b`);
  const parts: (string | { term: string })[] = [];
  let rest = text;
  const used = new Set<string>();
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    const term = match[1] ?? '';
    parts.push(rest.slice(0, match.index));
    parts.push(used.has(term) ? term : { term });
    used.add(term);
    rest = rest.slice(match.index + term.length);
  }
  parts.push(rest);
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
          <Term key={i} term={part.term} definition={TERMS[part.term] ?? ''} />
        ),
      )}
    </>
  );
}
