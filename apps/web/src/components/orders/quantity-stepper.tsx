import { useId, useState } from 'react';
import { ORDER_TEXTS } from './orders-texts.ts';

type Props = { value: number; onChange: (quantity: number) => void; max: number };

/** Keeps a typed or stepped quantity between 1 and max (consumer §2: it cannot go below 1). */
export const clampQuantity = (n: number, max: number) => Math.min(max, Math.max(1, Math.trunc(n)));

/**
 * − / number / + for how many kits; the number can be typed too. At a limit the button is only
 * aria-disabled, so focus stays on it instead of falling out of the dialog.
 */
export function QuantityStepper({ value, onChange, max }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  // What is in the box while typing; '' is allowed until the box is left.
  const [typed, setTyped] = useState<string | null>(null);

  function type(text: string) {
    const n = Number.parseInt(text, 10);
    if (text.trim() === '' || Number.isNaN(n)) {
      setTyped('');
      return;
    }
    const next = clampQuantity(n, max);
    setTyped(null);
    onChange(next);
  }

  return (
    <div className="field quantity-stepper">
      <label htmlFor={id}>{ORDER_TEXTS.quantity}</label>
      <p id={hintId} className="field-hint">
        {ORDER_TEXTS.quantityHint(max)}
      </p>
      <div className="quantity-stepper-controls">
        <button
          type="button"
          className="button button-secondary"
          aria-label={ORDER_TEXTS.fewerKits}
          aria-disabled={value <= 1}
          onClick={() => onChange(clampQuantity(value - 1, max))}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          aria-describedby={hintId}
          value={typed ?? String(value)}
          onChange={(event) => type(event.target.value)}
          onBlur={() => setTyped(null)}
        />
        <button
          type="button"
          className="button button-secondary"
          aria-label={ORDER_TEXTS.moreKits}
          aria-disabled={value >= max}
          onClick={() => onChange(clampQuantity(value + 1, max))}
        >
          +
        </button>
      </div>
    </div>
  );
}
