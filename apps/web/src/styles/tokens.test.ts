import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BRAND_COLOURS, BRAND_FONT_FAMILY, type BrandColour, colourVariable } from '@portal/domain';
import { describe, expect, it } from 'vitest';

// The design system's rules (decision 034): the palette is brand.ts's, every text and background pair
// in use meets WCAG 2.2 AA, and no colour, pixel size or shadow is written outside tokens.css.

const stylesDir = import.meta.dirname;
const srcDir = join(stylesDir, '..');
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '');
const tokensCss = withoutComments(readFileSync(join(stylesDir, 'tokens.css'), 'utf8'));

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => test(name))
    .map((name) => join(dir, name));
}

function declared(css: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of css.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    const [, name, value] = match;
    if (name && value && !found.has(name)) found.set(name, value.trim().replace(/\s+/g, ' '));
  }
  return found;
}

const tokens = declared(tokensCss);

function hexOf(variable: string): string {
  const value = tokens.get(variable);
  if (!value || !/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${variable} is not a colour token`);
  return value.toLowerCase();
}

/** WCAG 2.2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('tokens.css and brand.ts', () => {
  it('define the same palette', () => {
    const fromBrand = Object.entries(BRAND_COLOURS).map(([name, hex]) => [
      colourVariable(name as BrandColour),
      hex,
    ]);
    const fromCss = [...tokens].filter(
      ([name, value]) => name.startsWith('--colour-') && value.startsWith('#'),
    );
    expect(Object.fromEntries(fromCss)).toEqual(Object.fromEntries(fromBrand));
  });

  it('use the same typeface', () => {
    const normalise = (stack: string) => stack.replace(/["']/g, '').replace(/\s+/g, ' ');
    expect(normalise(tokens.get('--font-family') ?? '')).toBe(normalise(BRAND_FONT_FAMILY));
  });
});

// Text (or icon) colour, the background it sits on, and the ratio it needs: 4.5:1 for text, 3:1 for
// the outlines of controls and for chart marks (WCAG 1.4.3 and 1.4.11).
const TEXT = 4.5;
const GRAPHIC = 3;
const PAIRS: [BrandColour, BrandColour, number][] = [
  ['text', 'bg', TEXT],
  ['text', 'surface', TEXT],
  ['text', 'surfaceSunken', TEXT],
  ['text', 'primarySoft', TEXT],
  ['text', 'accentSoft', TEXT],
  ['muted', 'bg', TEXT],
  ['muted', 'surface', TEXT],
  ['muted', 'surfaceSunken', TEXT],
  ['muted', 'primarySoft', TEXT],
  ['link', 'bg', TEXT],
  ['link', 'surface', TEXT],
  ['link', 'surfaceSunken', TEXT],
  ['link', 'primarySoft', TEXT],
  ['primary', 'surface', TEXT],
  ['primary', 'bg', TEXT],
  ['primary', 'primarySoft', TEXT],
  ['primaryDark', 'primarySoft', TEXT],
  ['primaryText', 'primary', TEXT],
  ['primaryText', 'primaryDark', TEXT],
  ['accentStrong', 'surface', TEXT],
  ['accentStrong', 'accentSoft', TEXT],
  ['error', 'errorBg', TEXT],
  ['error', 'surface', TEXT],
  ['warning', 'warningBg', TEXT],
  ['info', 'infoBg', TEXT],
  ['success', 'successBg', TEXT],
  ['success', 'surface', TEXT],
  ['focus', 'bg', GRAPHIC],
  ['focus', 'surface', GRAPHIC],
  ['borderStrong', 'surface', GRAPHIC],
  ['borderStrong', 'bg', GRAPHIC],
  ['primary', 'surfaceSunken', GRAPHIC],
  ['accent', 'surface', 2],
  ...(
    [
      'chart1',
      'chart2',
      'chart3',
      'chart4',
      'chart5',
      'chart6',
      'chart7',
      'chart8',
      'chartLine',
      'chartMeaningful',
      'chartZero',
      'chartAxis',
    ] as const
  ).map((mark): [BrandColour, BrandColour, number] => [mark, 'surface', GRAPHIC]),
];

const cssFiles = filesUnder(srcDir, (name) => name.endsWith('.css'));

/** Rules that set both a text colour and a background: each is a pair in use. */
function pairsInRules(): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const file of cssFiles) {
    const css = withoutComments(readFileSync(file, 'utf8'));
    for (const rule of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const body = rule[2] ?? '';
      const color = /(?:^|[;\s])color\s*:\s*var\((--colour-[\w-]+)\)/.exec(body)?.[1];
      const background = /background(?:-color)?\s*:\s*var\((--colour-[\w-]+)\)/.exec(body)?.[1];
      if (color && background)
        found.push([`${relative(srcDir, file)} ${rule[1]?.trim()}`, color, background]);
    }
  }
  return found;
}

describe('contrast (WCAG 2.2 AA)', () => {
  it.each(PAIRS)('%s on %s reaches %s:1', (fg, bg, needed) => {
    expect(contrast(hexOf(colourVariable(fg)), hexOf(colourVariable(bg)))).toBeGreaterThanOrEqual(needed);
  });

  it('holds for every rule that sets a text colour and a background', () => {
    const pairs = pairsInRules();
    expect(pairs.length).toBeGreaterThan(5);
    const failing = pairs
      .filter(([, fg, bg]) => tokens.get(fg)?.startsWith('#') && tokens.get(bg)?.startsWith('#'))
      .map(([where, fg, bg]) => ({ where, fg, bg, ratio: contrast(hexOf(fg), hexOf(bg)) }))
      .filter(({ ratio }) => ratio < TEXT);
    expect(failing).toEqual([]);
  });
});

describe('no colour, pixel size or shadow outside tokens.css', () => {
  const COLOUR_LITERAL =
    /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|:\s*(?:white|black)\b/i;

  it('in the stylesheets', () => {
    const offences: string[] = [];
    for (const file of cssFiles) {
      if (file.endsWith('tokens.css')) continue;
      const lines = withoutComments(readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        const where = `${relative(srcDir, file)}:${index + 1}: ${line.trim()}`;
        if (/^\s*--[\w-]+\s*:/.test(line)) offences.push(`${where} (custom properties live in tokens.css)`);
        if (COLOUR_LITERAL.test(line)) offences.push(`${where} (colour)`);
        if (/\d(?:\.\d+)?px\b/.test(line)) offences.push(`${where} (px)`);
        const shadow = /box-shadow\s*:\s*([^;]+)/.exec(line)?.[1]?.trim();
        if (shadow && !/^(?:none|var\(--shadow-[\w-]+\)(?:\s*,\s*var\(--shadow-[\w-]+\))*)$/.test(shadow))
          offences.push(`${where} (shadow)`);
        const size = /font-size\s*:\s*([^;]+)/.exec(line)?.[1]?.trim();
        if (size && !/^(?:var\(--font-size-[\w-]+\)|inherit|1em|100%|smaller)$/.test(size))
          offences.push(`${where} (font size)`);
      });
    }
    expect(offences).toEqual([]);
  });

  // Charts draw with brand.ts's CHART_SERIES and BRAND_COLOURS, like every other colour in a component.
  it('in the components: no colour literal, and no pixel font size or shadow in a style prop', () => {
    const offences: string[] = [];
    const sources = filesUnder(srcDir, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
    for (const file of sources) {
      const where = relative(srcDir, file);
      const text = readFileSync(file, 'utf8');
      if (/['"`]#[0-9a-f]{3,8}['"`]|['"`]rgba?\(/i.test(text)) offences.push(`${where} (colour)`);
      for (const style of text.matchAll(/style=\{\{([^}]*)\}\}/g)) {
        const body = style[1] ?? '';
        if (/\b(?:color|background|borderColor|fill|stroke)\s*:\s*['"`](?!var\()/.test(body))
          offences.push(`${where} (colour in style)`);
        if (/\b(?:fontSize|boxShadow)\s*:/.test(body))
          offences.push(`${where} (font size or shadow in style)`);
      }
    }
    expect(offences).toEqual([]);
  });
});
