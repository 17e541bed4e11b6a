import {
  apiErrorSchema,
  controlSettingsResultSchema,
  controlSettingsSchema,
  controlUploadSchema,
  createPlateSchema,
  createRunSchema,
  groupStepResultSchema,
  groupStepSchema,
  kitListSchema,
  placeControlSchema,
  placeTubeSchema,
  plateControlResultSchema,
  plateSchema,
  rangeQuerySchema,
  runDetailSchema,
  runListSchema,
  runOverrideSchema,
  staffKitRowSchema,
  undoResultSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { denied, security, tags } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { kitRange, moveGroup, undoLastMove } from './lab-moves.service.ts';
import {
  controlSettings,
  createPlate,
  createRun,
  emptyWell,
  listRuns,
  overrideRun,
  placeControl,
  placeTube,
  plateByName,
  plateOf,
  removeControl,
  runDetail,
  updateControlSettings,
  uploadControl,
} from './lab-runs.service.ts';

const lab = requireStaff(['LAB']);
/** Support reads runs and plates (a caller asks where their sample is); only the lab changes them. */
const readers = requireStaff(['LAB', 'SUPPORT']);
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const CONTROL_LIMIT = 4 * 1024 * 1024;

/** Runs, plates and controls (issue 34 item 7) and the batch moves and undo (item 9). */
export const staffLabRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...denied };

  app.get(
    '/lab/runs',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'Sequencing runs, newest first, with their control state',
        response: { 200: runListSchema, ...denied },
      },
    },
    async () => listRuns(ctx),
  );

  app.post(
    '/lab/runs',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: "Start a run named by the sequencer's run id, for a project (audited)",
        body: createRunSchema,
        response: { 200: runDetailSchema, ...errors },
      },
    },
    async (request) => createRun(ctx, principalOf(request), request.body),
  );

  app.get(
    '/lab/runs/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'A run: its plate maps, controls and their checks, and whether it holds its samples',
        params: idParams,
        response: { 200: runDetailSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => runDetail(ctx, request.params.id),
  );

  app.post(
    '/lab/runs/:id/plates',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'Add a 96-well plate to a run (audited)',
        params: idParams,
        body: createPlateSchema,
        response: { 200: plateSchema, ...errors },
      },
    },
    async (request) => createPlate(ctx, principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/lab/runs/:id/controls',
    {
      onRequest: lab,
      bodyLimit: CONTROL_LIMIT,
      schema: {
        tags,
        security,
        summary:
          "Upload a control's MetaPhlAn profile and check it (the blank near-empty, the positive near its reference)",
        params: idParams,
        body: controlUploadSchema,
        response: { 200: runDetailSchema, ...errors },
      },
    },
    async (request) => uploadControl(ctx, principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/lab/runs/:id/override',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'Release a run held by a failed control, with the reason (audited)',
        params: idParams,
        body: runOverrideSchema,
        response: { 200: runDetailSchema, ...errors },
      },
    },
    async (request) => overrideRun(ctx, principalOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/lab/runs/:id/step',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: "Every tube of a run to a lab step: each tube's outcome, the refused ones named",
        params: idParams,
        body: groupStepSchema,
        response: { 200: groupStepResultSchema, ...errors },
      },
    },
    async (request) => moveGroup(ctx, principalOf(request), { runId: request.params.id }, request.body),
  );

  app.get(
    '/lab/plates/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: "A plate's map",
        params: idParams,
        response: { 200: plateSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => plateOf(ctx, request.params.id),
  );

  app.get(
    '/lab/plates/by-name/:name',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'A plate by its barcode, with its map',
        params: z.object({ name: z.string().trim().min(1).max(80) }),
        response: { 200: plateSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => plateByName(ctx, request.params.name),
  );

  app.post(
    '/lab/plates/:id/wells',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'Place a scanned tube in a well (the first empty one unless named); audited',
        params: idParams,
        body: placeTubeSchema,
        response: {
          200: z.object({ well: z.string(), kit: staffKitRowSchema, message: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => placeTube(ctx, principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/lab/plates/:id/wells/:well',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'Empty a well (audited)',
        params: idParams.extend({ well: z.string().max(4) }),
        response: { 200: plateSchema, ...errors },
      },
    },
    async (request) => emptyWell(ctx, principalOf(request), request.params.id, request.params.well),
  );

  app.post(
    '/lab/plates/:id/controls',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'Place a control (extraction blank or positive control) in a free well of a plate; audited',
        params: idParams,
        body: placeControlSchema,
        response: { 200: plateControlResultSchema, ...errors },
      },
    },
    async (request) => placeControl(ctx, principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/lab/plates/:id/controls/:well',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: "Take a control out of its well (a kit's tube is not taken); audited",
        params: idParams.extend({ well: z.string().max(4) }),
        response: { 200: plateControlResultSchema, ...errors },
      },
    },
    async (request) => removeControl(ctx, principalOf(request), request.params.id, request.params.well),
  );

  app.post(
    '/lab/plates/:id/step',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: "Every tube of a plate to a lab step: each tube's outcome, the refused ones named",
        params: idParams,
        body: groupStepSchema,
        response: { 200: groupStepResultSchema, ...errors },
      },
    },
    async (request) => moveGroup(ctx, principalOf(request), { plateId: request.params.id }, request.body),
  );

  app.post(
    '/lab/moves/undo',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'Undo your last lab move, within a minute of it (audited)',
        response: { 200: undoResultSchema, ...errors },
      },
    },
    async (request) => undoLastMove(ctx, principalOf(request)),
  );

  app.get(
    '/lab/range',
    {
      onRequest: lab,
      schema: {
        tags,
        security,
        summary: 'The kits from a first to a last scanned code, by kit number (at most a batch)',
        querystring: rangeQuerySchema,
        response: { 200: kitListSchema, ...errors },
      },
    },
    async (request) => kitRange(ctx, request.query.first, request.query.last),
  );

  app.get(
    '/lab/projects/:id/controls',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: "A project's control expectations: the blank's reads, the positive control's distance",
        params: idParams,
        response: { 200: controlSettingsResultSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => controlSettings(ctx, request.params.id),
  );

  app.put(
    '/lab/projects/:id/controls',
    {
      onRequest: lab,
      bodyLimit: CONTROL_LIMIT,
      schema: {
        tags,
        security,
        summary: "Set a project's control expectations and the positive control's reference (audited)",
        params: idParams,
        body: controlSettingsSchema,
        response: { 200: controlSettingsResultSchema, ...errors },
      },
    },
    async (request) => updateControlSettings(ctx, principalOf(request), request.params.id, request.body),
  );
};
