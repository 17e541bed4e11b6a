const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
}

/**
 * Whether the unsubscribe link's token can be read at all: a signed token (header.payload.signature)
 * whose header and payload are JSON objects. Only the server can tell whether it is genuine; a token
 * that is not even readable gets research §8's 'Missing or invalid token' without asking it.
 */
export function isDecodableToken(token: string): boolean {
  const segments = token.split('.');
  if (segments.length !== 3 || !segments.every((segment) => BASE64URL.test(segment))) return false;
  try {
    return segments.slice(0, 2).every((segment) => {
      const value = decodeSegment(segment);
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    });
  } catch {
    return false;
  }
}
