import { type PublicConfig, publicConfigSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Config, stripeElementsKey } from '../../config.ts';

/** What GET /api/config answers; the served index.html carries the same object (web-app.ts). */
export function publicConfig(config: Config): PublicConfig {
  return {
    appType: config.appType,
    brandName: config.brandName,
    supportPhone: config.supportPhone,
    supportEmail: config.supportEmail,
    supportPostalAddress: config.supportPostalAddress,
    faqUrl: config.faqUrl,
    consumerSignInUrl: config.consumerSignInUrl,
    maintenanceUntil: config.maintenanceUntil,
    siteAlert: config.siteAlert,
    version: config.version,
    infantSurveyUrl: config.infantSurveyUrl,
    coachBookingUrl: config.coachBookingUrl ?? null,
    stripePublishableKey: stripeElementsKey(config),
    features: {
      stripe: Boolean(config.stripeSecretKey),
      addressFinder: Boolean(config.addressFinderKey),
      // Research §2: the internal test-order page never exists in production.
      testOrders: config.env !== 'production',
    },
  };
}

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public settings for the web app',
        response: { 200: publicConfigSchema },
      },
    },
    async () => publicConfig(config),
  );
};
