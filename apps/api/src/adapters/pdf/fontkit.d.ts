/** The part of fontkit (pdfkit's font parser) the PDFs use: it ships no types. */
declare module 'fontkit' {
  export interface Font {
    readonly characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): unknown;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
