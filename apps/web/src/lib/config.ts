import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig, publicConfigSchema, withBrand } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { apiRequest } from './api-client.ts';

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
    const parsed = publicConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiRequest('/config', { signal }, publicConfigSchema),
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
