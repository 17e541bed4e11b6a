/** A labelled progress bar that screen readers announce with its percentage and text. */
export function ProgressBar({ label, percent, text }: { label: string; percent: number; text: string }) {
  return (
    <div className="survey-progress">
      <div
        className="survey-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div className="survey-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="survey-progress-text">{text}</p>
    </div>
  );
}

/** Completed over total as a whole percent, rounded down so 100% means everything is done. */
export function percentOf(completed: number, total: number): number {
  return total === 0 ? 0 : Math.floor((Math.min(completed, total) * 100) / total);
}
