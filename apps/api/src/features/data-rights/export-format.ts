import { createHash } from 'node:crypto';
import { strToU8 } from 'fflate';

/** One file of the export: its path in the ZIP and its bytes. */
export type ExportFile = { path: string; bytes: Uint8Array };

/** A file of the export from its text or bytes. */
export const exportFile = (path: string, content: string | Uint8Array): ExportFile => ({
  path,
  bytes: typeof content === 'string' ? strToU8(content) : content,
});

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A CSV cell a spreadsheet reads as text: quoted when needed, never taken for a formula. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
export const csv = (rows: (string | number | null | undefined)[][]) =>
  `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** manifest.json: each file with its size and SHA-256, so the person can check nothing was changed. */
export const manifestFile = (files: ExportFile[], now: Date) =>
  exportFile(
    'manifest.json',
    json({
      generatedAt: now.toISOString(),
      algorithm: 'SHA-256',
      files: files.map((f) => ({ path: f.path, size: f.bytes.byteLength, sha256: sha256(f.bytes) })),
    }),
  );
