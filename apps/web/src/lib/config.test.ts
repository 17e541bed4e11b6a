import { PUBLIC_CONFIG_ELEMENT_ID } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineConfig } from './config.ts';

const CONFIG = {
  appType: 'CUSTOMER',
  brandName: 'Gut <Lab>',
  supportPhone: '1300 974 621',
  supportEmail: 'help@example.com',
  supportPostalAddress: 'GPO Box 1234',
  faqUrl: 'https://example.com/faq',
  consumerSignInUrl: 'https://example.com/login',
  maintenanceUntil: null,
  siteAlert: '</script> & more',
  version: '1.0.0',
  infantSurveyUrl: null,
  stripePublishableKey: null,
  coachBookingUrl: null,
  features: { stripe: false },
};

function pageCarries(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PUBLIC_CONFIG_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove());

describe('inlineConfig', () => {
  it('reads the config the server wrote into the page, escapes and all', () => {
    pageCarries(JSON.stringify(CONFIG).replace(/</g, '\\u003c').replace(/&/g, '\\u0026'));
    expect(inlineConfig()).toEqual(CONFIG);
  });

  it('is undefined without the block, or when it is not a config, so the shell asks the API', () => {
    expect(inlineConfig()).toBeUndefined();
    pageCarries('{not json');
    expect(inlineConfig()).toBeUndefined();
    document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
    pageCarries(JSON.stringify({ ...CONFIG, appType: 'OTHER' }));
    expect(inlineConfig()).toBeUndefined();
  });
});
