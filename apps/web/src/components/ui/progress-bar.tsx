/**
 * How far along something is, as a bar and as text for assistive technology (role=progressbar with
 * its value). The label names it; valueText, when given, is read instead of the percentage.
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  showValue = false,
  className,
}: {
  value: number;
  max?: number;
  label: string;
  valueText?: string;
  showValue?: boolean;
  className?: string;
}) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  return (
    <div className={['progress', className].filter(Boolean).join(' ')}>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={clamped}
        aria-valuetext={valueText}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      {showValue ? (
        <span className="progress-value" aria-hidden="true">
          {valueText ?? `${percent}%`}
        </span>
      ) : null}
    </div>
  );
}
