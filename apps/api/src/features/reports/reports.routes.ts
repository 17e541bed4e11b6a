import { apiErrorSchema, reportListItemSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  principalOf,
  requireAuthority,
  requireUser,
  requireUserCheckedByQuery,
} from '../../plugins/authenticate.ts';
import { journeySchema } from './journey.schema.ts';
import { getOwnJourney } from './journey.service.ts';
import { reportAsPdf } from './report-pdf.service.ts';
import { compare, comparisonAsPdf, getReportJson, importResults, listReports } from './reports.service.ts';

const security = [{ bearerAuth: [] }];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};
const sampleParam = z.object({ sample: z.string().trim().min(1).max(40) });
const compareQuery = z.object({
  primary: z.string().trim().min(1).max(40),
  secondary: z.string().trim().min(1).max(40),
});
/** The stored report (BuildReport of @portal/domain/report); its shape is fixed by that type. */
const storedReport = z
  .record(z.string(), z.unknown())
  .describe(
    'The report as stored (BuildReport): each GMWI2 taxon once, in gmwi2Contributions.taxa, as its lineage (its rank and name are the last part of the lineage); composition entries carry name and percent (shown with underscores as spaces); gmwi2Contributions.groups carry linkedWith, title and subtotal, their taxa being those of taxa with the same linkedWith; the notable taxa are those taxa, then the species of gmhiExplanation. summary holds the at-a-glance findings computed at import (each with a statement id of the registry, @portal/domain/report/statements), protocol how the sample was analysed (null where unknown), and each score a range (its value ± the repeatability coefficient).',
  );
/** GET /api/reports/{sample}: sent as stored text, not through the serializer, so a test checks the body against it. */
export const oneReportSchema = z.object({
  kitId: z.number(),
  sampleIdentifier: z.string(),
  name: z.string(),
  displayDate: z.string(),
  report: storedReport,
});

/** A person's reports, their comparison and PDFs; refused to minors without parental consent. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/reports',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reports'],
        summary: 'Kits with a report to show',
        security,
        response: { 200: z.array(reportListItemSchema), ...errors },
      },
    },
    async (request) => listReports(ctx, principalOf(request).userId),
  );

  app.get(
    '/reports/journey',
    {
      // The journey's one statement checks the session itself (journey.service.ts).
      onRequest: requireUserCheckedByQuery,
      schema: {
        tags: ['reports'],
        summary:
          'Every report in time order: six scores, healthy bands, meaningful changes, database breaks, questionnaire notes, species that rose and fell most',
        security,
        response: { 200: journeySchema, ...errors },
      },
    },
    // Already JSON text, checked against journeySchema when it was computed (journey.service.ts).
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await getOwnJourney(ctx, principalOf(request))) as never),
  );

  app.get(
    '/reports/compare',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reports'],
        summary:
          'Compare an earlier (primary) and a later (secondary) report; {comparable:false, code:"V12V2"} across versions',
        security,
        querystring: compareQuery,
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request) => compare(ctx, principalOf(request), request.query.primary, request.query.secondary),
  );

  app.get(
    '/reports/compare.pdf',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reports'],
        summary: 'The comparison as a PDF',
        security,
        querystring: compareQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const pdf = await comparisonAsPdf(
        ctx,
        principalOf(request),
        request.query.primary,
        request.query.secondary,
      );
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="comparison-${request.query.primary}-${request.query.secondary}.pdf"`,
        )
        .send(pdf as never);
    },
  );

  app.get(
    '/reports/:sample',
    {
      // The service's one statement starts from the person's row and refuses a deleted account.
      onRequest: requireUserCheckedByQuery,
      schema: {
        tags: ['reports'],
        summary: 'One report by sample identifier',
        security,
        params: sampleParam,
        response: { 200: oneReportSchema, ...errors },
      },
    },
    // Already JSON text (see getReportJson): sent as it is, not serialised again.
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await getReportJson(ctx, principalOf(request), request.params.sample)) as never),
  );

  app.get(
    '/reports/:sample/pdf',
    {
      // The PDF's key is read by the report read's statement, which checks the session itself.
      onRequest: requireUserCheckedByQuery,
      schema: {
        tags: ['reports'],
        summary: 'The report as a PDF',
        security,
        params: sampleParam,
        response: errors,
      },
    },
    async (request, reply) => {
      const pdf = await reportAsPdf(ctx, principalOf(request), request.params.sample);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="report-${request.params.sample.toUpperCase()}.pdf"`,
        )
        .send(pdf as never);
    },
  );
};

/** The lab API: results import (ops results:import), for lab systems holding LAB_RESULTS. */
export const labRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/results',
    {
      onRequest: requireAuthority('LAB_RESULTS'),
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary: "Import a sample's MetaPhlAn profile, build its report and set RESULTS_AVAILABLE",
        body: z.object({
          sampleIdentifier: z.string().trim().min(1).max(40),
          profile: z
            .string()
            .min(1, 'The profile file is empty.')
            .max(10 * 1024 * 1024),
          displayDate: z.iso.date('displayDate must be a date as YYYY-MM-DD').optional(),
        }),
        response: {
          201: z.object({
            sample: z.string(),
            kitId: z.number(),
            version: z.string(),
            database: z.string().nullable(),
            richness: z.number().nullable(),
            shannon: z.number().nullable(),
            gmwi2: z.number().nullable(),
            gmhi: z.number().nullable(),
          }),
          400: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await importResults(app.ctx, request.body, principalOf(request).userId)),
  );
};
