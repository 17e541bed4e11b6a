import { LAB_FAILURES, LAB_STEPS } from '@portal/domain';

/** The targets of a lab move, for a "Move to" select: the steps, then the failures. */
export function LabTargetOptions() {
  return (
    <>
      <optgroup label="Lab steps">
        {LAB_STEPS.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </optgroup>
      <optgroup label="Failures">
        {LAB_FAILURES.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </optgroup>
    </>
  );
}
