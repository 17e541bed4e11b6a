import type { SharedPayload } from '@portal/domain';

const fromBase64Url = (text: string) => {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/**
 * Opens a share link's compact JWE (dir, A256GCM, DEF; reports/share-crypto.ts on the server) with the
 * key from the link's `#`, in the browser: the key never leaves it. Throws when the key does not fit.
 */
export async function decryptShare(jwe: string, key: string): Promise<SharedPayload> {
  const [header, , iv, body, tag] = jwe.split('.');
  if (!header || !iv || !body || !tag) throw new Error('not a compact JWE');
  const cryptoKey = await crypto.subtle.importKey('raw', fromBase64Url(key), 'AES-GCM', false, ['decrypt']);
  const cipher = new Uint8Array([...fromBase64Url(body), ...fromBase64Url(tag)]);
  const compressed = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: new TextEncoder().encode(header) },
    cryptoKey,
    cipher,
  );
  const stream = new Blob([compressed]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return JSON.parse(await new Response(stream).text()) as SharedPayload;
}

/** A report's PDF (base64 in the payload) as a download, through an object URL. */
export function savePdf(base64: string, filename: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
