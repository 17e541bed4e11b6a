import {
  apiErrorSchema,
  awaitingReleaseSchema,
  KIT_READER_ROLES,
  labSettingsResultSchema,
  labSettingsSchema,
  labStepResultSchema,
  labStepSchema,
  quarantineDecisionSchema,
  quarantineListSchema,
  receiveRequestSchema,
  receiveResultSchema,
  releaseRequestSchema,
  releaseResultSchema,
  resultsPreviewSchema,
  resultsStoreRequestSchema,
  resultsStoreSchema,
  resultsUploadSchema,
  retractRequestSchema,
  retractResultSchema,
  reviewRequestSchema,
  reviewResultSchema,
  sampleReceiptSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { denied, security, tags } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { recordStaffAction } from '../staff/index.ts';
import { moveBatch } from './kit-steps.service.ts';
import { labSettings, updateLabSettings } from './lab-settings.service.ts';
import { decideQuarantine, quarantineList, receiptOf, receiveSample } from './receipt.service.ts';
import {
  awaitingRelease,
  previewResults,
  releaseResults,
  retractResults,
  reviewResults,
  storeUploadedResults,
} from './results-upload.service.ts';

const lab = requireStaff(['LAB']);
/** A part of an upload: up to RESULTS_CHUNK_MAX profiles of a few hundred KB each. */
const UPLOAD_LIMIT = 32 * 1024 * 1024;

/** The lab's console: receiving samples, the lab steps, and the results upload and release. */
export const staffLabRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/lab/receive',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary:
          'Mark a scanned sample RECEIVED_BY_LAB with its receipt: condition, collection date and transit days, storage place; a tube not intact goes into quarantine (emails the owner; audited)',
        body: receiveRequestSchema,
        response: {
          200: receiveResultSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request) => receiveSample(ctx, principalOf(request), request.body),
  );

  app.get(
    '/lab/quarantine',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'The samples in quarantine, waiting for a decision, oldest first',
        response: { 200: quarantineListSchema, ...denied },
      },
    },
    async (request) => {
      const list = await quarantineList(ctx);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'lab.quarantine.list',
        entity: 'kit',
        entityId: 'quarantine',
        after: { kits: list.items.map((item) => item.kit.id) },
      });
      return list;
    },
  );

  app.post(
    '/lab/quarantine/decide',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary:
          'Release a quarantined sample back to the lab steps, or fail it with a reason (the owner is told as of any failure); audited',
        body: quarantineDecisionSchema,
        response: {
          200: receiveResultSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request) => decideQuarantine(ctx, principalOf(request), request.body),
  );

  app.post(
    '/lab/steps',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'Move a batch to a lab step or a failure; all or nothing (409 names each refused kit)',
        body: labStepSchema,
        response: { 200: labStepResultSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
      },
    },
    async (request) => moveBatch(ctx, principalOf(request), request.body),
  );

  app.post(
    '/results/preview',
    {
      onRequest: lab,
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        tags,
        security,
        summary:
          "Validate and score MetaPhlAn profiles once, with each sample's refusal; keeps the result under an upload id for the confirm (stores no result)",
        body: resultsUploadSchema,
        response: { 200: resultsPreviewSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => previewResults(ctx, principalOf(request), request.body),
  );

  app.post(
    '/results',
    {
      onRequest: lab,
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Store a previewed upload by its id, or profiles sent with the request; one transaction per sample, each kit locked once (the sample waits at COMPLETED)',
        body: resultsStoreRequestSchema,
        response: { 200: resultsStoreSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
      },
    },
    async (request) => storeUploadedResults(ctx, principalOf(request), request.body),
  );

  app.get(
    '/results/awaiting-release',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'Stored results not yet released, oldest first',
        response: { 200: awaitingReleaseSchema, ...denied },
      },
    },
    async (request) => {
      const waiting = await awaitingRelease(ctx, principalOf(request));
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'results.awaiting_release.list',
        entity: 'kit',
        entityId: 'awaiting-release',
        after: { kits: waiting.items.map((item) => item.kitId) },
      });
      return waiting;
    },
  );

  app.post(
    '/results/release',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'Release stored results: RESULTS_AVAILABLE and the owners are emailed; all or nothing',
        body: releaseRequestSchema,
        response: { 200: releaseResultSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
      },
    },
    async (request) => releaseResults(ctx, principalOf(request), request.body.samples),
  );

  app.post(
    '/results/review',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary:
          'Approve (four eyes: not the LAB member who stored it) or hold stored results; all or nothing',
        body: reviewRequestSchema,
        response: { 200: reviewResultSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
      },
    },
    async (request) => reviewResults(ctx, principalOf(request), request.body),
  );

  app.post(
    '/results/retract',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: "Retract a released report: gone from the owner's portal, the owner told; audited",
        body: retractRequestSchema,
        response: {
          200: retractResultSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request) => retractResults(ctx, principalOf(request), request.body),
  );

  app.get(
    '/kits/:kitId/receipt',
    {
      onRequest: requireStaff(KIT_READER_ROLES),
      schema: {
        tags,
        security,
        summary:
          "A kit's receipt at the lab (condition, collection date, transit, storage, quarantine), or null",
        params: z.object({ kitId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: {
          200: z.object({ receipt: sampleReceiptSchema.nullable() }),
          400: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request) => ({ receipt: await receiptOf(ctx.db, request.params.kitId) }),
  );

  const projectParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

  app.get(
    '/lab/projects/:id/settings',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: "A project's lab settings: the steps a sample must have been through before its result",
        params: projectParams,
        response: { 200: labSettingsResultSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => labSettings(ctx, request.params.id),
  );

  app.put(
    '/lab/projects/:id/settings',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: "Change a project's required lab steps (audited)",
        params: projectParams,
        body: labSettingsSchema,
        response: { 200: labSettingsResultSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => updateLabSettings(ctx, principalOf(request), request.params.id, request.body),
  );
};
