import type { BuildReport } from '@portal/domain/report';
import { formatDisplayDate } from '../report-format.ts';
import { PROTOCOL_TEXTS } from '../report-texts.ts';

/** "How your sample was analysed" (issue 37): what the lab's file says; unknown where it says nothing. */
export function ProtocolSection({ report }: { report: BuildReport }) {
  const p = report.protocol as BuildReport['protocol'] | undefined;
  const unknown = PROTOCOL_TEXTS.unknown;
  const rows: [string, string][] = [
    [PROTOCOL_TEXTS.sequencing, PROTOCOL_TEXTS.sequencingValue],
    [PROTOCOL_TEXTS.profiler, p?.profiler ? `${p.profiler}; ${PROTOCOL_TEXTS.releaseUnknown}` : unknown],
    [PROTOCOL_TEXTS.database, p?.database ?? report.database ?? unknown],
    [PROTOCOL_TEXTS.reportVersion, `${report.version}, ${PROTOCOL_TEXTS.rules(p?.rulesVersion ?? unknown)}`],
    [PROTOCOL_TEXTS.analysedOn, p?.analysedOn ? formatDisplayDate(p.analysedOn) : unknown],
  ];
  // A correction after the lab retracted the report (issue 34 item 8).
  if (p?.amendment) rows.unshift([PROTOCOL_TEXTS.issue, PROTOCOL_TEXTS.amended(p.amendment)]);
  return (
    <section className="report-section" aria-labelledby="report-protocol">
      <h2 id="report-protocol">{PROTOCOL_TEXTS.title}</h2>
      <dl className="report-methods">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
