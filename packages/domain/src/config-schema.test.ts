import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPublicConfig } from './config.ts';
import { publicConfigSchema } from './config-schema.ts';

const config = {
  appType: 'CUSTOMER',
  brandName: 'Microbiome Portal',
  supportPhone: '1300 000 000',
  supportEmail: 'support@example.com',
  supportPostalAddress: 'PO Box 1',
  faqUrl: 'https://example.com/faq',
  consumerSignInUrl: 'https://example.com/login',
  maintenanceUntil: null,
  siteAlert: null,
  version: '1.0.0',
  infantSurveyUrl: null,
  features: { coach: true, shop: false },
};

describe('the public config read without zod', () => {
  it.each([
    config,
    { ...config, appType: 'RESEARCH', maintenanceUntil: '2030-01-01T00:00:00Z', siteAlert: 'Hi' },
    { ...config, stripePublishableKey: 'pk_test', coachBookingUrl: null, extra: 1 },
    { ...config, stripePublishableKey: null, coachBookingUrl: 'https://example.com/book' },
    { ...config, stripePublishableKey: 1 },
    { ...config, appType: 'STAFF' },
    { ...config, brandName: null },
    { ...config, version: undefined },
    { ...config, siteAlert: undefined },
    { ...config, infantSurveyUrl: 2 },
    { ...config, features: { coach: 'yes' } },
    { ...config, features: [] },
    { ...config, features: null },
    { ...config, features: undefined },
    [config],
    null,
    'config',
  ])('reads %j as publicConfigSchema does', (value) => {
    const parsed = publicConfigSchema.safeParse(value);
    expect(readPublicConfig(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it('keeps config.ts free of zod (the web app reads it on every first load)', () => {
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const imports = source.match(/^import .*$/gm) ?? [];
    expect(imports.filter((line) => !line.startsWith('import type '))).toEqual([]);
  });
});
