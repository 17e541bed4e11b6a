import { MAINTENANCE_TEXTS } from '@portal/domain';

/** The maintenance screen for the report page, shown when the report service answers 503. */
export function ReportMaintenance({ message }: { message: string }) {
  return (
    <div className="report-maintenance">
      <h1>{MAINTENANCE_TEXTS.title}</h1>
      <p>{message}</p>
    </div>
  );
}
