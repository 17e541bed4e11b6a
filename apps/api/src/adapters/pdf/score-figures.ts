import { BRAND_COLOURS } from '@portal/domain';
import { type HealthyBand, SIGN_REACH, signPosition } from '@portal/domain/report';
import { statementText } from '@portal/domain/report/statements';
import { figure, fmt, INK, MARGIN, MUTED, PALETTE, type Tagged } from './pdf-document.ts';

/** The same band as the report page's: a sunken track, the reference range, the person's marker. */
const TRACK = BRAND_COLOURS.surfaceSunken;
const BAND = BRAND_COLOURS.referenceBand;
const MARKER = BRAND_COLOURS.accentStrong;

/**
 * Where GMWI2 (no healthy band) is drawn on a track from x0, w wide: as on the report page (SignBand), a
 * fixed scale from -SIGN_REACH to +SIGN_REACH with zero in the middle, the healthy side (above zero)
 * shaded, and the marker at the score. Until issue 33 item 18 the scale ran from the score to zero, so
 * 0.047 and -0.969 both sat at the far end.
 */
export function signBandGeometry(value: number | null, x0: number, w: number) {
  const at = (position: number) => x0 + (position / 100) * w;
  return {
    zeroX: at(signPosition(0)),
    healthy: { x: at(signPosition(0)), width: at(100) - at(signPosition(0)) },
    markerX: value !== null && Number.isFinite(value) ? at(signPosition(value)) : null,
    ends: { lower: -SIGN_REACH, upper: SIGN_REACH },
  };
}

/** A score with the healthy band behind it, on a scale fitted to both. */
function healthyBand(
  t: Tagged,
  score: { label: string; value: number | null; digits: number; band: HealthyBand },
  x0: number,
  w: number,
  y: number,
) {
  const { doc } = t;
  const { value, band } = score;
  const points = [value, band.low, band.high].filter(
    (v): v is number => v !== null && v !== undefined && Number.isFinite(v),
  );
  if (points.length === 0) return;
  let lo = Math.min(...points);
  let hi = Math.max(...points);
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.25;
  lo -= pad;
  hi += pad;
  const x = (v: number) => x0 + ((v - lo) / (hi - lo)) * w;
  const alt = `${score.label}: ${fmt(value, score.digits)} against the healthy band ${fmt(band.low, score.digits)} to ${fmt(band.high, score.digits)}.`;
  figure(t, alt, () => {
    doc.rect(x0, y + 6, w, 8).fill(TRACK);
    doc.rect(x(band.low), y + 2, x(band.high) - x(band.low), 16).fill(BAND);
    doc
      .fontSize(7)
      .fillColor(MUTED)
      .text(fmt(band.low, score.digits), x(band.low) - 30, y + 21, { width: 60, align: 'center' })
      .text(fmt(band.high, score.digits), x(band.high) - 30, y + 21, { width: 60, align: 'center' });
    if (value !== null && Number.isFinite(value))
      doc.circle(x(value), y + 10, 6).fillAndStroke(MARKER, BRAND_COLOURS.surface);
  });
}

/** GMWI2 on the page's fixed scale around zero (signBandGeometry). */
function signBand(
  t: Tagged,
  score: { label: string; value: number | null; digits: number },
  x0: number,
  w: number,
  y: number,
) {
  const { doc } = t;
  const g = signBandGeometry(score.value, x0, w);
  const alt = `${score.label}: ${fmt(score.value, score.digits)} on a scale from ${g.ends.lower} to +${g.ends.upper} centred on zero. ${statementText('index.healthySide')}`;
  figure(t, alt, () => {
    doc.rect(x0, y + 6, w, 8).fill(TRACK);
    doc.rect(g.healthy.x, y + 6, g.healthy.width, 8).fill(BAND);
    doc
      .moveTo(g.zeroX, y)
      .lineTo(g.zeroX, y + 20)
      .lineWidth(1)
      .stroke(MUTED);
    doc
      .fontSize(7)
      .fillColor(MUTED)
      .text(statementText('index.scaleLower'), x0, y + 21, { width: w / 3 })
      .text('0', g.zeroX - 30, y + 21, { width: 60, align: 'center' })
      .text(statementText('index.scaleHigher'), x0 + w - w / 3, y + 21, { width: w / 3, align: 'right' });
    if (g.markerX !== null) doc.circle(g.markerX, y + 10, 6).fillAndStroke(MARKER, BRAND_COLOURS.surface);
  });
}

/** A score on a line: with its healthy band behind it, or GMWI2 (no band) on a fixed scale around zero. */
export function scoreBand(
  t: Tagged,
  score: { label: string; value: number | null; digits: number; band: HealthyBand | null },
) {
  const { band } = score;
  const x0 = MARGIN + 10;
  const w = t.width - 20;
  const y = t.doc.y + 4;
  if (band) healthyBand(t, { ...score, band }, x0, w, y);
  else signBand(t, score, x0, w, y);
  t.doc.x = MARGIN;
  t.doc.y = y + 34;
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
