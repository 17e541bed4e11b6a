import { Check } from 'lucide-react';
import { Icon } from './icon.tsx';

/**
 * Where the user is in a sequence of steps (order, registration, a kit's journey). An ordered list;
 * the current step has aria-current="step", finished ones say so in text.
 */
export function Stepper({
  steps,
  current,
  label,
  className,
}: {
  steps: readonly string[];
  /** The index of the current step; steps before it are done. steps.length means all are done. */
  current: number;
  label: string;
  className?: string;
}) {
  return (
    <ol className={['stepper', className].filter(Boolean).join(' ')} aria-label={label}>
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={`stepper-step stepper-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="stepper-marker" aria-hidden="true">
              {state === 'done' ? <Icon icon={Check} size="sm" /> : index + 1}
            </span>
            <span className="stepper-label">
              {step}
              {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
