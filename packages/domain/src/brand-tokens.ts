/**
 * The brand's palette (decision 034), in one place for the web app, the emails and the report PDF.
 * The web app's apps/web/src/styles/tokens.css defines each as `--colour-<kebab-case name>` (a test
 * keeps the two equal), and the contrast of every text and background pair in use is checked to
 * WCAG 2.2 AA there. Deep teal for trust and calm, a warm apricot accent, warm neutrals.
 */
export const BRAND_COLOURS = {
  /** Body text, headings. */
  text: '#16302f',
  /** Secondary text: hints, captions, dates. */
  muted: '#4a5d5f',
  /** The page behind the cards: a warm off-white. */
  bg: '#f6f4ef',
  /** Cards, forms, dialogs, the header. */
  surface: '#ffffff',
  /** Panels set into a card, table headers, tracks of progress bars. */
  surfaceSunken: '#eef2f0',
  /** Dividers and card outlines (decorative: not the only cue for anything). */
  border: '#d9dfdc',
  /** Outlines of inputs and other controls (3:1 against surface and page, WCAG 1.4.11). */
  borderStrong: '#7a8a8c',
  primary: '#0d5c57',
  primaryDark: '#08433f',
  /** Tinted backgrounds: the current navigation entry, selected options, the dashboard's hero. */
  primarySoft: '#e2f0ed',
  /** Text on primary and primaryDark. */
  primaryText: '#ffffff',
  /** The warm accent, for marks and illustrations only (never text: under 4.5:1 on white). */
  accent: '#e07a4f',
  /** The accent as text or icon colour. */
  accentStrong: '#a3461f',
  accentSoft: '#fcece2',
  link: '#0a5a80',
  focus: '#1d4ed8',
  error: '#a4161a',
  errorBg: '#fdecec',
  warning: '#5f4100',
  warningBg: '#fff4d6',
  info: '#0b4a6f',
  infoBg: '#e7f2fa',
  success: '#0b5a3c',
  successBg: '#e6f4ee',
  /** The reference range drawn behind a score's marker. */
  referenceBand: '#b7d9cb',
  /** Chart series, in order: each at least 3:1 against white (WCAG 1.4.11), told apart by colour-blind eyes. */
  chart1: '#0d5c57',
  chart2: '#0a5a80',
  chart3: '#a3461f',
  chart4: '#6b3fa0',
  chart5: '#8a6d00',
  chart6: '#b0305c',
  chart7: '#2f6f7a',
  chart8: '#5a6470',
  /** The journey chart: the score's line, its reference band, a meaningful change, a note, the zero line. */
  chartLine: '#0072b2',
  chartBand: '#56b4e9',
  chartMeaningful: '#d55e00',
  chartNote: '#cc79a7',
  chartZero: '#5a6470',
  chartAxis: '#1f2933',
} as const;

export type BrandColour = keyof typeof BRAND_COLOURS;

/** The chart series colours in order (phylum composition and the like). */
export const CHART_SERIES = [
  BRAND_COLOURS.chart1,
  BRAND_COLOURS.chart2,
  BRAND_COLOURS.chart3,
  BRAND_COLOURS.chart4,
  BRAND_COLOURS.chart5,
  BRAND_COLOURS.chart6,
  BRAND_COLOURS.chart7,
  BRAND_COLOURS.chart8,
] as const;

/**
 * The brand's typeface: Figtree, a variable font the web app hosts itself. Emails and PDFs cannot rely
 * on it and fall back along the same stack.
 */
export const BRAND_FONT_FAMILY =
  "'Figtree Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Corner radius of cards and buttons in CSS pixels (emails and the PDF use the same). */
export const BRAND_RADIUS_PX = 10;

/** The CSS custom property of a palette entry: `primaryDark` → `--colour-primary-dark`, `chart1` → `--colour-chart-1`. */
export function colourVariable(name: BrandColour): string {
  return `--colour-${name.replace(/[A-Z0-9]/g, (c) => `-${c.toLowerCase()}`)}`;
}
