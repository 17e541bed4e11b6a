import { BRAND_COLOURS } from '@portal/domain';
import type { HealthyBand } from '@portal/domain/report';
import { figure, fmt, INK, MARGIN, MUTED, PALETTE, type Tagged } from './pdf-document.ts';

/** The same band as the report page's: a sunken track, the reference range, the person's marker. */
const TRACK = BRAND_COLOURS.surfaceSunken;
const BAND = BRAND_COLOURS.referenceBand;
const MARKER = BRAND_COLOURS.accentStrong;

/** A score on a line with the healthy band behind it; GMWI2 (no band) is drawn around its zero. */
export function scoreBand(
  t: Tagged,
  score: { label: string; value: number | null; digits: number; band: HealthyBand | null },
) {
  const { doc } = t;
  const { value, band } = score;
  const points = [value, band?.low, band?.high, band ? null : 0].filter(
    (v): v is number => v !== null && v !== undefined && Number.isFinite(v),
  );
  if (points.length === 0) return;
  let lo = Math.min(...points);
  let hi = Math.max(...points);
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.25;
  lo -= pad;
  hi += pad;
  const x0 = MARGIN + 10;
  const w = t.width - 20;
  const x = (v: number) => x0 + ((v - lo) / (hi - lo)) * w;
  const y = doc.y + 4;
  const alt = band
    ? `${score.label}: ${fmt(value, score.digits)} against the healthy band ${fmt(band.low, score.digits)} to ${fmt(band.high, score.digits)}.`
    : `${score.label}: ${fmt(value, score.digits)} on a line centred on zero; above zero leans to health.`;
  figure(t, alt, () => {
    doc.rect(x0, y + 6, w, 8).fill(TRACK);
    if (band) {
      doc.rect(x(band.low), y + 2, x(band.high) - x(band.low), 16).fill(BAND);
      doc
        .fontSize(7)
        .fillColor(MUTED)
        .text(fmt(band.low, score.digits), x(band.low) - 30, y + 21, { width: 60, align: 'center' })
        .text(fmt(band.high, score.digits), x(band.high) - 30, y + 21, { width: 60, align: 'center' });
    } else {
      doc
        .moveTo(x(0), y)
        .lineTo(x(0), y + 20)
        .lineWidth(1)
        .stroke(MUTED);
      doc
        .fontSize(7)
        .fillColor(MUTED)
        .text('0', x(0) - 30, y + 21, { width: 60, align: 'center' });
    }
    if (value !== null && Number.isFinite(value)) {
      doc.circle(x(value), y + 10, 6).fillAndStroke(MARKER, BRAND_COLOURS.surface);
    }
  });
  doc.x = MARGIN;
  doc.y = y + 34;
}

/** One stacked bar of shares (percent) with a legend, for a rank's composition. */
export function stackedBar(t: Tagged, title: string, entries: { label: string; percent: number }[]) {
  const { doc } = t;
  const shown = entries.slice(0, PALETTE.length - 1);
  const rest = entries.slice(PALETTE.length - 1).reduce((s, e) => s + e.percent, 0);
  const parts = rest > 0.05 ? [...shown, { label: 'All others', percent: rest }] : shown;
  const y = doc.y + 2;
  const alt = `${title}: ${parts.map((p) => `${p.label} ${p.percent.toFixed(1)}%`).join(', ')}.`;
  figure(t, alt, () => {
    let x = MARGIN;
    parts.forEach((part, i) => {
      const w = (t.width * part.percent) / 100;
      doc.rect(x, y, w, 22).fill(PALETTE[i % PALETTE.length] ?? INK);
      x += w;
    });
    let ly = y + 32;
    parts.forEach((part, i) => {
      const col = i % 2;
      const lx = MARGIN + col * (t.width / 2);
      doc.rect(lx, ly, 9, 9).fill(PALETTE[i % PALETTE.length] ?? INK);
      doc
        .fontSize(9)
        .fillColor(INK)
        .text(`${part.label} ${part.percent.toFixed(1)}%`, lx + 14, ly, { width: t.width / 2 - 20 });
      if (col === 1) ly += 14;
    });
    doc.y = ly + (parts.length % 2 === 1 ? 14 : 0);
  });
  doc.x = MARGIN;
  doc.moveDown(0.5);
}

/** Horizontal bars, one per taxon, labelled with its share. */
export function bars(t: Tagged, title: string, entries: { label: string; percent: number }[]) {
  const { doc } = t;
  const max = Math.max(1, ...entries.map((e) => e.percent));
  const alt = `${title}: ${entries.map((e) => `${e.label} ${e.percent.toFixed(1)}%`).join(', ')}.`;
  figure(t, alt, () => {
    for (const entry of entries) {
      const y = doc.y;
      doc
        .fontSize(9)
        .fillColor(INK)
        .text(`${entry.label} ${entry.percent.toFixed(1)}%`, MARGIN, y, { width: t.width * 0.5 });
      doc
        .rect(MARGIN + t.width * 0.52, y + 1, Math.max(1, (t.width * 0.46 * entry.percent) / max), 8)
        .fill(PALETTE[0]);
      doc.y = Math.max(doc.y, y + 12);
    }
  });
  doc.x = MARGIN;
  doc.moveDown(0.5);
}
