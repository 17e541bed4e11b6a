import type { PublicConfig } from '@portal/domain';

/** The public config the tests render with (what GET /api/config answers). */
export const testConfig: PublicConfig = {
  appType: 'CUSTOMER',
  brandName: 'Microbiome Lab',
  supportPhone: '1300 974 621',
  supportEmail: 'support@example.com',
  supportPostalAddress: 'GPO Box 1234, Brisbane QLD 4001',
  faqUrl: 'https://www.microbiomelab.com.au/faq',
  consumerSignInUrl: 'https://portal.microbiomelab.com.au/login',
  maintenanceUntil: null,
  siteAlert: null,
  version: '0.1.0-test',
  infantSurveyUrl: null,
  stripePublishableKey: null,
  features: {},
};
