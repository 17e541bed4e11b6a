import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig, readPublicConfig, withBrand } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { apiRequest } from './api-client.ts';

/** GET /api/config's answer, read without zod (readPublicConfig): the shell is on every first load. */
const publicConfig = {
  parse(data: unknown): PublicConfig {
    const config = readPublicConfig(data);
    if (!config) throw new TypeError("The server's answer is not the public config");
    return config;
  },
};

/**
 * The public config the server wrote into the page (the object GET /api/config answers), so the first
 * render needs no round trip for it; undefined without one (Vite's dev server, tests, the server's
 * own render) or if unreadable.
 */
export function inlineConfig(): PublicConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return readPublicConfig(JSON.parse(text)) ?? undefined;
  } catch {
    return undefined;
  }
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiRequest('/config', { signal }, publicConfig),
  // Without the page's copy, the shell asks the API.
  initialData: inlineConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** The app shell loads the public config once and provides it to every screen. */
export const ConfigContext = createContext<PublicConfig | null>(null);

export function useConfig(): PublicConfig {
  const config = use(ConfigContext);
  if (!config) throw new Error('useConfig() needs a ConfigContext provider');
  return config;
}

/** A spec text with `{product}` replaced by the configured brand name. */
export function useBranded(text: string): string {
  return withBrand(text, useConfig().brandName);
}
