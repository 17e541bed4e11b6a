import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { browserOf, proxyCountry } from './share-viewer.ts';

const request = (ip: string, socket: string, headers: Record<string, string> = {}) =>
  ({ ip, socket: { remoteAddress: socket }, headers }) as unknown as FastifyRequest;

describe('who opened a share link', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['curl/8.5.0', 'Unknown browser'],
    [undefined, 'Unknown browser'],
  ])('names %s as %s, keeping nothing else of it', (ua, expected) => {
    expect(browserOf(ua)).toBe(expected);
  });

  it('believes a country header only from a trusted proxy, and never for a private address', () => {
    // Behind a proxy TRUST_PROXY names: request.ip is the client's, the socket the proxy's.
    expect(proxyCountry(request('203.0.113.9', '10.0.0.2', { 'cf-ipcountry': 'au' }))).toBe('AU');
    expect(proxyCountry(request('203.0.113.9', '10.0.0.2', { 'x-country-code': 'NZ' }))).toBe('NZ');
    // Straight from the client: a header anyone can send is not believed.
    expect(proxyCountry(request('203.0.113.9', '203.0.113.9', { 'cf-ipcountry': 'AU' }))).toBeNull();
    expect(proxyCountry(request('192.168.1.4', '10.0.0.2', { 'cf-ipcountry': 'AU' }))).toBeNull();
    expect(proxyCountry(request('203.0.113.9', '10.0.0.2', { 'cf-ipcountry': 'XX' }))).toBeNull();
    expect(proxyCountry(request('203.0.113.9', '10.0.0.2', { 'cf-ipcountry': 'Australia' }))).toBeNull();
    expect(proxyCountry(request('203.0.113.9', '10.0.0.2'))).toBeNull();
  });
});
