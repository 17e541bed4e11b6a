import { useEffect, useRef } from 'react';

/**
 * The Modal focuses its first control when it opens; when a multi-step modal moves on, the control
 * that had focus is gone, so focus goes to the new step's container instead of falling to the page.
 */
export function useStepFocus<T extends HTMLElement>(step: string) {
  const ref = useRef<T>(null);
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    ref.current?.focus();
  }, [step]);
  return ref;
}
