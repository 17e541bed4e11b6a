import { CHART_SERIES } from '@portal/domain';
import { taxonLabel } from '@portal/domain/report/taxa';
import { Bar, BarChart, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShare } from '../report-format.ts';

import { chartHeight, type PhylumBar } from './phylum-chart-size.ts';

export type { PhylumBar };

/** The brand's chart series (each at least 3:1 against white), cycled when there are more phyla. */
const COLOURS = CHART_SERIES;

/**
 * Recharts stacked bars, one per report, each phylum a segment. Loaded on its own (React.lazy) so the
 * chart library stays out of the first download. The figure's text (its list) is what screen readers get.
 */
export default function PhylumChart({ bars }: { bars: readonly PhylumBar[] }) {
  const phyla = [...new Set(bars.flatMap((bar) => bar.entries.map((entry) => taxonLabel(entry.name))))];
  const data = bars.map((bar) => ({
    label: bar.label,
    ...Object.fromEntries(bar.entries.map((entry) => [taxonLabel(entry.name), entry.percent])),
  }));
  return (
    <div className="report-chart" aria-hidden="true">
      <BarChart
        layout="vertical"
        data={data}
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: chartHeight(bars.length) }}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <XAxis type="number" domain={[0, 100]} unit="%" ticks={[0, 25, 50, 75, 100]} />
        <YAxis type="category" dataKey="label" width={150} />
        <Tooltip formatter={(value) => formatShare(Number(value))} />
        <Legend />
        {phyla.map((phylum, index) => (
          <Bar
            key={phylum}
            dataKey={phylum}
            stackId="phylum"
            fill={COLOURS[index % COLOURS.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}
