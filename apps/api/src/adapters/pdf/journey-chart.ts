import { BRAND_COLOURS } from '@portal/domain';
import {
  COMPARED_METRICS,
  type ComparedMetric,
  JOURNEY_BREAK_NOTE,
  type Journey,
  journeyMoversText,
  type TaxonChange,
} from '@portal/domain/report';
import {
  BRAND,
  ensureRoom,
  figure,
  fmt,
  INK,
  longDate,
  MARGIN,
  MUTED,
  say,
  type Tagged,
} from './pdf-document.ts';

export const SCORE_LABELS: Record<ComparedMetric, { label: string; digits: number }> = {
  richness: { label: 'Species richness', digits: 0 },
  shannon: { label: 'Shannon diversity', digits: 2 },
  inverseSimpson: { label: 'Inverse Simpson', digits: 1 },
  evenness: { label: 'Evenness (Pielou)', digits: 2 },
  gmwi2: { label: 'GMWI2', digits: 3 },
  gmhi: { label: 'GMHI', digits: 3 },
};

const CHART_HEIGHT = 150;

/** One score over the journey: band behind, a point per sample, no line across a database break. */
function scoreChart(t: Tagged, journey: Journey, metric: ComparedMetric, x0: number, y0: number, w: number) {
  const { doc } = t;
  const { label, digits } = SCORE_LABELS[metric];
  const band = journey.bands[metric];
  const values = journey.points.map((p) => p.values[metric]);
  const known = values.filter((v): v is number => v !== null);
  const all = [...known, ...(band ? [band.low, band.high] : [0])];
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.15;
  lo -= pad;
  hi += pad;
  const top = y0 + 16;
  const plotH = CHART_HEIGHT - 40;
  const y = (v: number) => top + plotH - ((v - lo) / (hi - lo)) * plotH;
  const n = journey.points.length;
  const x = (i: number) => x0 + 44 + (n === 1 ? (w - 68) / 2 : (i * (w - 68)) / (n - 1));
  const alt = `${label} over ${n} samples: ${journey.points
    .map((p, i) => `${longDate(p.displayDate)} ${fmt(values[i], digits)}`)
    .join('; ')}${band ? `; healthy band ${fmt(band.low, digits)} to ${fmt(band.high, digits)}` : ''}.`;
  figure(t, alt, () => {
    doc.fontSize(9).fillColor(INK).text(label, x0, y0, { width: w });
    if (band)
      doc
        .rect(x0 + 26, y(band.high), w - 32, y(band.low) - y(band.high))
        .fillOpacity(0.3)
        .fill(BRAND_COLOURS.chartBand)
        .fillOpacity(1);
    else
      doc
        .moveTo(x0 + 26, y(0))
        .lineTo(x0 + w - 6, y(0))
        .lineWidth(0.5)
        .stroke(MUTED);
    doc
      .rect(x0 + 26, top, w - 32, plotH)
      .lineWidth(0.5)
      .stroke(MUTED);
    doc.fontSize(6.5).fillColor(MUTED);
    doc.text(fmt(hi, digits), x0, top - 3, { width: 24, align: 'right' });
    doc.text(fmt(lo, digits), x0, top + plotH - 6, { width: 24, align: 'right' });
    journey.points.forEach((point, i) => {
      const v = values[i];
      const prev = values[i - 1];
      if (point.newDatabase) {
        doc
          .moveTo(x(i) - 6, top)
          .lineTo(x(i) - 6, top + plotH)
          .dash(2, { space: 2 })
          .stroke(BRAND_COLOURS.chartMeaningful);
        doc.undash();
      } else if (i > 0 && v !== null && v !== undefined && prev !== null && prev !== undefined)
        doc
          .moveTo(x(i - 1), y(prev))
          .lineTo(x(i), y(v))
          .lineWidth(1.2)
          .stroke(BRAND_COLOURS.chartLine);
    });
    journey.points.forEach((point, i) => {
      const v = values[i];
      if (v !== null && v !== undefined) {
        if (point.changes[metric]?.meaningful)
          doc.rect(x(i) - 4, y(v) - 4, 8, 8).fill(BRAND_COLOURS.chartMeaningful);
        else doc.circle(x(i), y(v), 3).fill(BRAND_COLOURS.chartLine);
      }
      if (point.notes.length > 0)
        doc
          .fontSize(7)
          .fillColor(BRAND_COLOURS.chartMeaningful)
          .text('*', x(i) - 3, top + 2);
      doc
        .fontSize(6)
        .fillColor(MUTED)
        .text(point.displayDate.slice(0, 7), x(i) - 18, top + plotH + 4, { width: 36, align: 'center' });
    });
  });
}

const signedPoints = (v: number) => `${v > 0 ? '+' : ''}${v.toFixed(3)}`;

/** The species that moved most, named with the two samples compared (one lab database: issue 33 item 17). */
function journeyMovers(t: Tagged, journey: Journey) {
  const which = journeyMoversText(journey, longDate);
  if (!which) return;
  ensureRoom(t, 60);
  say(t, 'H3', 'Species that moved most');
  say(t, 'P', which, { size: 8.5 });
  if (!journey.compared) return;
  const list = (title: string, taxa: readonly TaxonChange[]) => {
    if (taxa.length === 0) return;
    ensureRoom(t, 30);
    say(t, 'P', title, { size: 9, gap: 0.1 });
    for (const taxon of taxa) {
      ensureRoom(t, 14);
      say(
        t,
        'P',
        `${taxon.label}: ${taxon.before.toFixed(3)}% to ${taxon.after.toFixed(3)}% (${signedPoints(taxon.change)} percentage points)`,
        { size: 8.5, color: MUTED, gap: 0 },
      );
    }
    t.doc.moveDown(0.4);
  };
  list('Rose most', journey.rose);
  list('Fell most', journey.fell);
}

/** The journey page: six small charts, the rule, and the same numbers as a table. */
export function journeySection(t: Tagged, journey: Journey) {
  const { doc } = t;
  doc.addPage();
  say(t, 'H2', 'Your journey', { color: BRAND });
  say(
    t,
    'P',
    `${journey.points.length} samples from ${longDate(journey.points[0]?.displayDate ?? null)} to ${longDate(journey.points.at(-1)?.displayDate ?? null)}. ` +
      'The blue band is the usual range of healthy people; a square marks a meaningful change from the sample before, ' +
      `a star a questionnaire note, and a dashed line a sample ${JOURNEY_BREAK_NOTE}.`,
    { size: 9, color: MUTED },
  );
  const colW = t.width / 2;
  const startY = doc.y + 4;
  COMPARED_METRICS.forEach((metric, i) => {
    scoreChart(
      t,
      journey,
      metric,
      MARGIN + (i % 2) * colW,
      startY + Math.floor(i / 2) * CHART_HEIGHT,
      colW - 8,
    );
  });
  doc.x = MARGIN;
  doc.y = startY + 3 * CHART_HEIGHT;
  say(t, 'P', `${journey.rule} ${journey.source}`.replaceAll('√', 'the square root of '), {
    size: 8,
    color: MUTED,
  });
  ensureRoom(t, 80);
  say(t, 'H3', 'Your samples');
  for (const point of journey.points) {
    ensureRoom(t, 30);
    const values = COMPARED_METRICS.map(
      (m) =>
        `${SCORE_LABELS[m].label} ${fmt(point.values[m], SCORE_LABELS[m].digits)}${point.changes[m]?.meaningful ? ' (meaningful change)' : ''}`,
    ).join(', ');
    const notes = point.notes.length > 0 ? ` Notes: ${point.notes.join('; ')}.` : '';
    const brk = point.newDatabase ? ` This sample was ${JOURNEY_BREAK_NOTE}.` : '';
    say(
      t,
      'P',
      `${longDate(point.displayDate)}, sample ${point.sampleIdentifier}: ${values}.${notes}${brk}`,
      {
        size: 8.5,
      },
    );
  }
  journeyMovers(t, journey);
}
