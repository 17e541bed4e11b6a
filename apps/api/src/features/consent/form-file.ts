import { crc32 } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { pdfPageCount } from '../../lib/untrusted-files.ts';

/**
 * Whether an uploaded consent form is, as a whole, the PDF, PNG or JPEG its first bytes claim (design.md
 * §6). The magic bytes alone let through a PDF with HTML after it or a JPEG with PHP after it, so each
 * file is read to its structural end and nothing but (for a PDF) whitespace may follow:
 * - PDF: parsed by pdf-lib (objects, cross-reference, at least one page) on a reading thread with its
 *   limits (lib/untrusted-files.ts: a file past them throws UnreadableFile); pdf-lib tolerates bytes
 *   after the document, so it must also end with `startxref <offset> %%EOF`, the offset pointing at the
 *   cross-reference table or stream.
 * - PNG and JPEG: every chunk or segment walked and checked (PNG: IHDR first, each chunk's CRC, IDAT,
 *   IEND last; JPEG: SOI, marker segments with their lengths, frame and scan, EOI last). The pixels are not
 *   decoded: a decoder would add nothing to the structure and a small file can decode to gigabytes.
 */
export type FormFileType = 'application/pdf' | 'image/png' | 'image/jpeg';

export async function formFileType(content: Buffer): Promise<FormFileType | null> {
  const claimed = (await fileTypeFromBuffer(content))?.mime;
  if (claimed === 'application/pdf') return (await isWholePdf(content)) ? claimed : null;
  if (claimed === 'image/png') return isWholePng(content) ? claimed : null;
  if (claimed === 'image/jpeg') return isWholeJpeg(content) ? claimed : null;
  return null;
}

/** PDF whitespace (ISO 32000-1 §7.2.2). */
const PDF_WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
/** The end of a PDF: the cross-reference offset, then the end-of-file marker. */
const PDF_END = /startxref\s+(\d+)\s+%%EOF$/;

async function isWholePdf(content: Buffer): Promise<boolean> {
  let end = content.length;
  while (end > 0 && PDF_WHITESPACE.has(content[end - 1] as number)) end--;
  const tail = content.subarray(Math.max(0, end - 64), end).toString('latin1');
  const match = PDF_END.exec(tail);
  if (!match) return false;
  const offset = Number(match[1]);
  const at = content.subarray(offset, offset + 32).toString('latin1');
  if (!(offset < end && (/^xref\s/.test(at) || /^\d+\s+\d+\s+obj\b/.test(at)))) return false;
  return ((await pdfPageCount(content)) ?? 0) > 0;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function isWholePng(content: Buffer): boolean {
  if (!content.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let pos = 8;
  let first = true;
  let sawData = false;
  while (pos + 12 <= content.length) {
    const length = content.readUInt32BE(pos);
    const type = content.toString('latin1', pos + 4, pos + 8);
    const dataEnd = pos + 8 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || dataEnd + 4 > content.length) return false;
    if (crc32(content.subarray(pos + 4, dataEnd)) !== content.readUInt32BE(dataEnd)) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IDAT') sawData = true;
    pos = dataEnd + 4;
    if (type === 'IEND') return length === 0 && sawData && pos === content.length;
  }
  return false;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** Markers without a length: restarts (D0–D7) and TEM. */
const standalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
/** Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const startsFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function isWholeJpeg(content: Buffer): boolean {
  if (content[0] !== 0xff || content[1] !== SOI) return false;
  let pos = 2;
  let sawFrame = false;
  let sawScan = false;
  while (pos < content.length) {
    if (content[pos] !== 0xff) return false;
    while (content[pos] === 0xff) pos++; // fill bytes before a marker
    const marker = content[pos++];
    if (marker === undefined || marker === SOI || marker === 0x00) return false;
    if (marker === EOI) return sawFrame && sawScan && pos === content.length;
    if (standalone(marker)) continue;
    if (pos + 2 > content.length) return false;
    const length = content.readUInt16BE(pos);
    if (length < 2 || pos + length > content.length) return false;
    pos += length;
    if (startsFrame(marker)) sawFrame = true;
    if (marker !== SOS) continue;
    sawScan = true;
    // Entropy-coded data runs to the next marker: 0xFF followed by neither a stuffed 0x00 nor a restart.
    while (pos < content.length) {
      if (content[pos] === 0xff) {
        const next = content[pos + 1];
        if (next === undefined) return false;
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        if (next === 0xff) {
          pos++;
          continue;
        }
        pos += 2;
      } else pos++;
    }
  }
  return false;
}
