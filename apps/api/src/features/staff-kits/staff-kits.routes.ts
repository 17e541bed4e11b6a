import {
  apiErrorSchema,
  batchDaySchema,
  dispatchBatchListSchema,
  dispatchBatchSchema,
  KIT_READER_ROLES,
  kitProjectOptionsSchema,
  packVerifySchema,
  STAFF_BATCH_MAX,
  scanSchema,
  staffKitDetailSchema,
  staffKitPageSchema,
  staffKitRowSchema,
  staffKitSearchSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { denied, security, tags } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { recordStaffAction, withoutText } from '../staff/index.ts';
import { dispatchBatch, dispatchBatches, manifestCsv, verifyPack } from './dispatch-batches.service.ts';
import { dispatchDocuments, kitProjects, manifestPdf } from './dispatch-documents.service.ts';
import { kitDetail } from './kit-detail.service.ts';
import { searchKits } from './kit-search.service.ts';
import { dispatchKit, findKitByCode } from './kit-steps.service.ts';

const readers = requireStaff(KIT_READER_ROLES);
const logistics = requireStaff(['LOGISTICS']);

const kitIds = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'Give the kits as ids separated by commas, like 12,13,14.')
  .transform((text) => text.split(',').map(Number))
  .refine((ids) => ids.length <= STAFF_BATCH_MAX, `At most ${STAFF_BATCH_MAX} kits at once.`);

const DOCUMENT_ACTIONS = { slip: 'packing_slips', label: 'address_labels', tube: 'tube_labels' } as const;
const dayParams = z.object({ day: batchDaySchema });

/** The console's kits: search, a kit's page, a scan's look-up, and logistics' dispatch and print-outs. */
export const staffKitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/kits',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'Search kits by kit id, sample id, voucher, email or name; filter; keyset pages',
        querystring: staffKitSearchSchema,
        response: { 200: staffKitPageSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => {
      const page = await searchKits(ctx.db, request.query);
      // Every staff read of personal data is audited (issue 32): a list names no one, but keeps what it showed.
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'kits.search',
        entity: 'kit',
        entityId: 'search',
        after: { filters: withoutText(request.query), kits: page.items.map((kit) => kit.id) },
      });
      return page;
    },
  );

  app.get(
    '/kits/projects',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'The projects, for the kit search filter',
        response: { 200: kitProjectOptionsSchema, ...denied },
      },
    },
    async () => kitProjects(ctx.db),
  );

  app.get(
    '/kits/by-code/:code',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'The kit a scanned or typed code names (kit id, sample id, voucher or label id)',
        params: scanSchema.pick({ code: true }),
        response: { 200: staffKitRowSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => {
      const kit = await findKitByCode(ctx.db, request.params.code);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'kit.view',
        entity: 'kit',
        entityId: String(kit.id),
        subjectId: kit.owner?.id ?? null,
        after: { code: request.params.code },
      });
      return kit;
    },
  );

  app.get(
    '/kits/:kitId',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: "A kit's page: owner, shipping, order, report, timeline and audit",
        params: z.object({ kitId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: staffKitDetailSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => {
      const kit = await kitDetail(ctx, request.params.kitId);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'kit.view',
        entity: 'kit',
        entityId: String(kit.id),
        subjectId: kit.owner?.id ?? null,
      });
      return kit;
    },
  );

  app.post(
    '/kits/dispatch',
    {
      onRequest: logistics,
      schema: {
        tags,
        security,
        summary: 'Mark a scanned kit DISPATCHED_BY_LAB (emails the owner; audited)',
        body: scanSchema,
        response: {
          200: staffKitRowSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request) => dispatchKit(ctx, principalOf(request), request.body.code),
  );

  app.get(
    '/kits/dispatch-documents.pdf',
    {
      onRequest: logistics,
      schema: {
        tags,
        security,
        summary: 'Packing slips, address labels or tube labels as a PDF, one page per kit (reprints too)',
        querystring: z.object({ kind: z.enum(['slip', 'label', 'tube']), ids: kitIds }),
        produces: ['application/pdf'],
        response: { 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const { kind, ids } = request.query;
      const pdf = await dispatchDocuments(ctx, kind, ids);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: `kits.${DOCUMENT_ACTIONS[kind]}.print`,
        entity: 'kit',
        entityId: ids.join(',').slice(0, 200),
        after: { kits: ids },
      });
      const name = DOCUMENT_ACTIONS[kind].replace('_', '-');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .send(pdf as never);
    },
  );

  app.get(
    '/kits/dispatch-batches',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: "Each day's dispatch batch, newest first: its kits in the order scanned",
        response: { 200: dispatchBatchListSchema, ...denied },
      },
    },
    async () => dispatchBatches(ctx.db),
  );

  app.get(
    '/kits/dispatch-batches/:day',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: "One day's dispatch batch: each kit, its recipient, who dispatched it, and its pack check",
        params: dayParams,
        response: { 200: dispatchBatchSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => {
      const batch = await dispatchBatch(ctx.db, request.params.day);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'kits.dispatch_batch.view',
        entity: 'dispatch_batch',
        entityId: batch.day,
        after: { kits: batch.kits.map((k) => k.id) },
      });
      return batch;
    },
  );

  app.get(
    '/kits/dispatch-batches/:day/manifest.:format',
    {
      onRequest: logistics,
      schema: {
        tags,
        security,
        summary: "The day's dispatch manifest, as a PDF or CSV",
        params: dayParams.extend({ format: z.enum(['pdf', 'csv']) }),
        produces: ['application/pdf', 'text/csv'],
        response: { 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const { day, format } = request.params;
      const batch = await dispatchBatch(ctx.db, day);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'kits.dispatch_manifest.print',
        entity: 'dispatch_batch',
        entityId: day,
        after: { format, kits: batch.kits.map((k) => k.id) },
      });
      const name = `dispatch-manifest-${day}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(manifestCsv(batch) as never);
      return reply.type('application/pdf').send((await manifestPdf(ctx, batch)) as never);
    },
  );

  app.post(
    '/kits/pack-verify',
    {
      onRequest: logistics,
      schema: {
        tags,
        security,
        summary: "Pack verification: the slip's barcode, then the kit's; a mismatch is refused (audited)",
        body: packVerifySchema,
        response: {
          200: z.object({ label: z.string(), day: z.string(), packVerifiedAt: z.string() }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request) => verifyPack(ctx, principalOf(request), request.body.slip, request.body.kit),
  );
};
