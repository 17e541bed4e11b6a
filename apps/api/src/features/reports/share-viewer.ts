import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * "Chrome on Windows": the browser and system of a user agent, in a few words, for a person's list of
 * who opened their share link. Nothing more of the header is kept.
 */
export function browserOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /HeadlessChrome\//.test(ua)
          ? 'Chrome (headless)'
          : /Chrome\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}

/** Where the country of a request's address comes from (decision 048). */
export type CountryLookup = (request: FastifyRequest) => string | null;

const PRIVATE = [
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^127\./,
  /^::1$/,
  /^f[cd]/i,
  /^fe80:/i,
];

/**
 * The default lookup: the two-letter country a trusted proxy in front of the portal put in
 * CF-IPCountry or X-Country-Code (as Cloudflare and most CDNs do), believed only when TRUST_PROXY names
 * a proxy (request.ip then differs from the socket's address); none otherwise, and none for a private
 * address. The address itself is never kept.
 */
export const proxyCountry: CountryLookup = (request) => {
  const ip = request.ip ?? '';
  if (isIP(ip) === 0 || PRIVATE.some((range) => range.test(ip))) return null;
  if (request.ip === request.socket?.remoteAddress) return null;
  const header = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  return value && /^[A-Z]{2}$/.test(value) && value !== 'XX' ? value : null;
};
