/// <reference path="./fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/*
 * Every PDF the portal makes writes its text in embedded Noto fonts, not the standard Helvetica (which
 * covers only WinAnsi: `王芳` printed as `‚³ s‹` and `Nguyễn` as `NguyÅn`, issue 34). Noto Sans covers
 * Latin with Vietnamese, Greek and Cyrillic; characters it lacks (Chinese, Japanese, Korean) are written
 * in Noto Sans SC. The fonts come from npm packages (no download at install or run time); each is parsed
 * once per thread, and pdfkit embeds only the glyphs a document uses, so a label stays a few kilobytes
 * and a name in Chinese adds the subset of its characters, not the 10 MB font.
 */

const require = createRequire(import.meta.url);
const file = (path: string) => readFileSync(require.resolve(path));

type Font = fontkit.Font;
let fonts: { body: Font; bold: Font; cjk: Font } | undefined;

/*
 * Each font is parsed once per thread and shared by the documents it draws: parsing Noto Sans's layout
 * tables for every document would cost more than drawing a label. fontkit keeps each glyph with the
 * characters it first met it as, and a glyph first met inside another (the `i` of `ị`, drawn as a
 * component) would carry no character into a later document's text layer: so every glyph of Noto Sans is
 * first met through its own character here, and each CJK character as fontRuns finds it.
 */
function loaded() {
  if (fonts) return fonts;
  const body = fontkit.create(file('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'));
  const bold = fontkit.create(file('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'));
  const cjk = fontkit.create(file('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
  for (const font of [body, bold]) for (const code of font.characterSet) font.glyphForCodePoint(code);
  fonts = { body, bold, cjk };
  return fonts;
}

/** The font names a document has after unicodeFonts: the body text, bold, and the CJK fallback. */
export const BODY = 'NotoSans';
export const BOLD = 'NotoSans-Bold';
const CJK = 'NotoSansSC';

type Run = { text: string; cjk: boolean };

/** Text that Noto Sans draws with no fallback and no recomposition: ASCII and Latin-1, the most of it. */
const PLAIN = /^[\t\n\r\u0020-\u00ff]*$/;

const needsCjk = new Map<number, boolean>();
const splits = new Map<number, boolean>();

/** Whether only the CJK font has this character (asked once per character and thread). */
function cjkOnly(code: number): boolean {
  const known = needsCjk.get(code);
  if (known !== undefined) return known;
  const { body, cjk } = loaded();
  const fallback = !body.hasGlyphForCodePoint(code) && cjk.hasGlyphForCodePoint(code);
  if (fallback) cjk.glyphForCodePoint(code);
  needsCjk.set(code, fallback);
  return fallback;
}

/** Whether Noto Sans's glyph composition splits this character into several glyphs (`ị` into `i` and a dot). */
function splitsApart(code: number): boolean {
  const known = splits.get(code);
  if (known !== undefined) return known;
  const split = (loaded().body.layout(String.fromCodePoint(code)) as { glyphs: unknown[] }).glyphs.length > 1;
  splits.set(code, split);
  return split;
}

/** The text cut into runs: those Noto Sans can draw, and those only the CJK font has. */
export function fontRuns(text: string): Run[] {
  if (PLAIN.test(text)) return [{ text, cjk: false }];
  const runs: Run[] = [];
  for (const char of text) {
    const fallback = cjkOnly(char.codePointAt(0) ?? 0);
    const last = runs.at(-1);
    if (last && last.cjk === fallback) last.text += char;
    else runs.push({ text: char, cjk: fallback });
  }
  return runs;
}

/** Whether the text has a character the glyph composition would split (then it is laid out without it). */
const hasSplitting = (text: string) =>
  !PLAIN.test(text) && [...text].some((char) => splitsApart(char.codePointAt(0) ?? 0));

/*
 * Text with a letter that Noto Sans's glyph composition (ccmp) splits, like `ị` into `i` and a combining
 * dot, is laid out without it: pdfkit's text layer would otherwise read the `ị` as `i` (or every `i` as
 * `ị`). The font has each accented letter as one glyph, so nothing is lost. Other text keeps pdfkit's
 * word cache, which any feature list turns off. (fontkit takes features as an object of tags.)
 */
const FEATURES = { ccmp: false } as unknown as PDFKit.Mixins.TextOptions['features'];

/*
 * pdfkit lays out each word once per document and font; the layouts are kept across the documents of a
 * thread instead (they depend only on the font and the word), which takes the report PDF from about 2.3
 * to about 1.4 times Helvetica's drawing time. At most LAYOUTS words a font, then the cache starts anew.
 */
const LAYOUTS = 20_000;
const layouts = new Map<string, Record<string, unknown>>();

function shareLayouts(doc: PDFKit.PDFDocument, name: string) {
  const embedded = (doc as unknown as { _font?: { layoutCache?: Record<string, unknown>; shared?: true } })
    ._font;
  if (!embedded?.layoutCache || embedded.shared) return;
  let cache = layouts.get(name);
  if (!cache || Object.keys(cache).length > LAYOUTS) {
    cache = Object.create(null) as Record<string, unknown>;
    layouts.set(name, cache);
  }
  embedded.layoutCache = cache;
  embedded.shared = true;
}

type TextArgs = [x?: number | PDFKit.Mixins.TextOptions, y?: number, options?: PDFKit.Mixins.TextOptions];

/**
 * Registers the Noto fonts on a new document, makes Noto Sans its font, and lets its `text` fall back to
 * the CJK font character by character: the drawing code stays as it is (`doc.font(BOLD)` for bold).
 */
export function unicodeFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  const { body, bold, cjk } = loaded();
  // pdfkit takes a parsed fontkit font as it takes a file; its types know only the file.
  doc.registerFont(BODY, body as never);
  doc.registerFont(BOLD, bold as never);
  doc.registerFont(CJK, cjk as never);
  let current = BODY;
  const font = doc.font.bind(doc);
  const text = doc.text.bind(doc) as (text: string, ...args: TextArgs) => PDFKit.PDFDocument;
  doc.font = ((src: string, ...rest: unknown[]) => {
    if (src !== CJK) current = src;
    (font as (...args: unknown[]) => PDFKit.PDFDocument)(src, ...rest);
    shareLayouts(doc, src);
    return doc;
  }) as typeof doc.font;
  doc.text = ((value: string | number, ...args: TextArgs) => {
    // NFC: a name typed with combining accents prints with the font's own accented letters.
    const written = String(value).normalize('NFC');
    const [x, y, given] = typeof args[0] === 'object' ? [undefined, undefined, args[0]] : args;
    const options = hasSplitting(written) ? { features: FEATURES, ...given } : { ...given };
    const at: [number?, number?] = typeof x === 'number' ? [x, y] : [];
    const runs = fontRuns(written);
    if (!runs.some((run) => run.cjk)) return text(written, ...at, options);
    runs.forEach((run, i) => {
      doc.font(run.cjk ? CJK : current);
      const last = i === runs.length - 1;
      const runOptions = { ...options, continued: last ? (options.continued ?? false) : true };
      if (i === 0) text(run.text, ...at, runOptions);
      else text(run.text, runOptions);
    });
    doc.font(current);
    return doc;
  }) as typeof doc.text;
  doc.font(BODY);
  return doc;
}
