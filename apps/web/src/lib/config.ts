import { type PublicConfig, publicConfigSchema, withBrand } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { apiRequest } from './api-client.ts';

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiRequest('/config', { signal }, publicConfigSchema),
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
