import { BRAND_COLOURS } from '@portal/domain';
import type { ComparedMetric, Journey } from '@portal/domain/report';
import { COMPARED_METRICS } from '@portal/domain/report/compared-metrics';
import { CartesianGrid, ComposedChart, Line, ReferenceArea, ReferenceLine, XAxis, YAxis } from 'recharts';
import { DIGITS, formatDisplayDate } from '../report-format.ts';
import { COMPARED_LABELS } from '../report-texts.ts';
import { WhenVisible } from './when-visible.tsx';

/** Okabe–Ito colours: the line, a meaningful change, a note and the database break stay apart for every colour vision. */
const COLOURS = {
  line: BRAND_COLOURS.chartLine,
  band: BRAND_COLOURS.chartBand,
  meaningful: BRAND_COLOURS.chartMeaningful,
  note: BRAND_COLOURS.chartNote,
  zero: BRAND_COLOURS.chartZero,
};

type Row = { i: number; [segment: string]: number | null };
type DotProps = { cx?: number; cy?: number; index?: number; value?: number | null };

/** Each run of samples on one marker database is its own line, so no line crosses a break. */
function segmentsOf(journey: Journey, metric: ComparedMetric) {
  let segment = 0;
  const rows: Row[] = journey.points.map((point, i) => {
    if (point.newDatabase) segment += 1;
    return { i, [`s${segment}`]: point.values[metric] };
  });
  return { rows, count: segment + 1 };
}

const segmentNames = (count: number) => Array.from({ length: count }, (_, n) => `s${n}`);

function ScoreChart({ journey, metric }: { journey: Journey; metric: ComparedMetric }) {
  const { rows, count } = segmentsOf(journey, metric);
  const band = journey.bands[metric];
  const last = journey.points.length - 1;
  const dot = ({ cx, cy, index, value }: DotProps) => {
    const point = index === undefined ? undefined : journey.points[index];
    if (cx === undefined || cy === undefined || value === null || value === undefined || !point)
      return <g key={`empty-${index}`} />;
    if (point.changes[metric]?.meaningful)
      return <rect key={index} x={cx - 6} y={cy - 6} width={12} height={12} fill={COLOURS.meaningful} />;
    if (point.notes.length > 0)
      return (
        <path
          key={index}
          d={`M${cx},${cy - 7}L${cx + 7},${cy}L${cx},${cy + 7}L${cx - 7},${cy}Z`}
          fill={COLOURS.note}
          stroke={BRAND_COLOURS.chartAxis}
        />
      );
    return <circle key={index} cx={cx} cy={cy} r={5} fill={COLOURS.line} />;
  };
  return (
    <div className="journey-chart">
      <p className="journey-chart-title">{COMPARED_LABELS[metric]}</p>
      <ComposedChart
        data={rows}
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: 190 }}
        margin={{ top: 8, right: 20, bottom: 4, left: 4 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="i"
          type="number"
          domain={[-0.3, last + 0.3]}
          ticks={rows.map((row) => row.i)}
          tickFormatter={(i: number) =>
            formatDisplayDate(journey.points[i]?.displayDate ?? '').replace(/^\d+ /, '')
          }
        />
        <YAxis
          width={52}
          domain={['auto', 'auto']}
          tickFormatter={(v: number) => v.toFixed(Math.min(DIGITS[metric], 2))}
        />
        {band ? (
          <ReferenceArea
            y1={band.low}
            y2={band.high}
            fill={COLOURS.band}
            fillOpacity={0.25}
            ifOverflow="extendDomain"
          />
        ) : (
          <ReferenceLine y={0} stroke={COLOURS.zero} ifOverflow="extendDomain" />
        )}
        {journey.points.map((point, i) =>
          point.newDatabase ? (
            <ReferenceLine
              key={point.sampleIdentifier}
              x={i - 0.5}
              stroke={COLOURS.meaningful}
              strokeDasharray="5 4"
            />
          ) : null,
        )}
        {segmentNames(count).map((name) => (
          <Line
            key={name}
            dataKey={name}
            stroke={COLOURS.line}
            strokeWidth={2}
            connectNulls={false}
            dot={dot}
            activeDot={false}
            isAnimationActive={false}
          />
        ))}
      </ComposedChart>
    </div>
  );
}

/**
 * A chart per score over the journey (recharts, loaded on its own). Hidden from screen readers: the
 * journey table beside it holds the same numbers. Each chart is drawn when it comes near the screen, so
 * no single task draws all six on a phone (decision 047).
 */
export default function JourneyCharts({ journey }: { journey: Journey }) {
  return (
    <div className="journey-charts" aria-hidden="true">
      {COMPARED_METRICS.map((metric) => (
        <WhenVisible key={metric} placeholder={<div className="journey-chart-placeholder" />}>
          <ScoreChart journey={journey} metric={metric} />
        </WhenVisible>
      ))}
    </div>
  );
}
