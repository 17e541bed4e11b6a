import {
  type ControlKind,
  controlSettingsResultSchema,
  type GroupStep,
  groupStepResultSchema,
  kitListSchema,
  type PlaceControl,
  plateControlResultSchema,
  plateSchema,
  runDetailSchema,
  runListSchema,
  staffKitRowSchema,
  undoResultSchema,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';
import { staffKitsKeys } from './api.ts';

/** Runs, plates and controls (issue 34 item 7), plate and run moves, ranges and the undo (item 9). */

const runKeys = {
  list: [...staffKitsKeys.all, 'runs'] as const,
  run: (id: number) => [...staffKitsKeys.all, 'runs', id] as const,
};

export function useRuns() {
  return useQuery({
    queryKey: runKeys.list,
    queryFn: ({ signal }) => staffRequest('/lab/runs', { signal }, runListSchema),
  });
}

export function useRun(id: number) {
  return useQuery({
    queryKey: runKeys.run(id),
    queryFn: ({ signal }) => staffRequest(`/lab/runs/${id}`, { signal }, runDetailSchema),
    retry: false,
  });
}

/** Every change re-reads the kits, runs and plates (a move changes the kits a plate shows). */
const useLabChange = <V, R>(send: (value: V) => Promise<R>) =>
  useChangeThenReread(staffKitsKeys.all, send, { rereadOnError: true });

export const useCreateRun = () =>
  useLabChange((body: { name: string; projectId: number }) =>
    staffRequest('/lab/runs', { method: 'POST', body }, runDetailSchema),
  );

export const useCreatePlate = (runId: number) =>
  useLabChange((name: string) =>
    staffRequest(`/lab/runs/${runId}/plates`, { method: 'POST', body: { name } }, plateSchema),
  );

export const placeTube = (plateId: number, code: string, well?: string) =>
  staffRequest(
    `/lab/plates/${plateId}/wells`,
    { method: 'POST', body: { code, ...(well ? { well } : {}) } },
    z.object({ well: z.string(), kit: staffKitRowSchema, message: z.string() }),
  );

/** A control into a chosen well of a plate, and out of it again (issue 34 item 7). */
export const usePlaceControl = () =>
  useLabChange(({ plateId, body }: { plateId: number; body: PlaceControl }) =>
    staffRequest(`/lab/plates/${plateId}/controls`, { method: 'POST', body }, plateControlResultSchema),
  );

export const useRemoveControl = () =>
  useLabChange(({ plateId, well }: { plateId: number; well: string }) =>
    staffRequest(
      `/lab/plates/${plateId}/controls/${encodeURIComponent(well)}`,
      { method: 'DELETE' },
      plateControlResultSchema,
    ),
  );

export const useUploadControl = (runId: number) =>
  useLabChange((body: { kind: ControlKind; fileName: string; text: string }) =>
    staffRequest(`/lab/runs/${runId}/controls`, { method: 'POST', body }, runDetailSchema),
  );

export const useOverrideRun = (runId: number) =>
  useLabChange((reason: string) =>
    staffRequest(`/lab/runs/${runId}/override`, { method: 'POST', body: { reason } }, runDetailSchema),
  );

export const useGroupStep = () =>
  useLabChange(({ scope, id, body }: { scope: 'plates' | 'runs'; id: number; body: GroupStep }) =>
    staffRequest(`/lab/${scope}/${id}/step`, { method: 'POST', body }, groupStepResultSchema),
  );

export const useUndoMove = () =>
  useLabChange((_: undefined) =>
    staffRequest('/lab/moves/undo', { method: 'POST', body: {} }, undoResultSchema),
  );

export const kitRange = (first: string, last: string) =>
  staffRequest(`/lab/range?${new URLSearchParams({ first, last }).toString()}`, {}, kitListSchema);

export const plateByName = (name: string) =>
  staffRequest(`/lab/plates/by-name/${encodeURIComponent(name)}`, {}, plateSchema);

export function useControlSettings(projectId: number | null) {
  return useQuery({
    queryKey: [...staffKitsKeys.all, 'controls', projectId],
    queryFn: ({ signal }) =>
      staffRequest(`/lab/projects/${projectId}/controls`, { signal }, controlSettingsResultSchema),
    enabled: projectId !== null,
  });
}

export const useSaveControlSettings = (projectId: number) =>
  useLabChange(
    (body: {
      blankMaxReads: number;
      positiveMaxDistance: number;
      positiveName: string;
      positiveReference?: string | null;
    }) =>
      staffRequest(
        `/lab/projects/${projectId}/controls`,
        { method: 'PUT', body },
        controlSettingsResultSchema,
      ),
  );
