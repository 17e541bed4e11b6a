import {
  type QuarantineDecision,
  quarantineListSchema,
  type ReceiveRequest,
  receiveResultSchema,
  sampleReceiptSchema,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';
import { staffKitsKeys } from './api.ts';

/** The lab's receipt of a sample and its quarantine (issue 34 item 11). */

export const receiptKeys = {
  quarantine: [...staffKitsKeys.all, 'quarantine'] as const,
  receipt: (kitId: number) => [...staffKitsKeys.all, 'receipt', kitId] as const,
};

export const receiveSample = (body: ReceiveRequest) =>
  staffRequest('/lab/receive', { method: 'POST', body }, receiveResultSchema);

export function useQuarantine() {
  return useQuery({
    queryKey: receiptKeys.quarantine,
    queryFn: ({ signal }) => staffRequest('/lab/quarantine', { signal }, quarantineListSchema),
  });
}

export const useQuarantineDecision = () =>
  useChangeThenReread(
    staffKitsKeys.all,
    (body: QuarantineDecision) =>
      staffRequest('/lab/quarantine/decide', { method: 'POST', body }, receiveResultSchema),
    { rereadOnError: true },
  );

export function useKitReceipt(kitId: number) {
  return useQuery({
    queryKey: receiptKeys.receipt(kitId),
    queryFn: ({ signal }) =>
      staffRequest(
        `/kits/${kitId}/receipt`,
        { signal },
        z.object({ receipt: sampleReceiptSchema.nullable() }),
      ),
  });
}

/** Whether a kit's sample waits in quarantine (the lab steps refuse it at the scan). */
export async function inQuarantine(kitId: number): Promise<boolean> {
  const { receipt } = await staffRequest(
    `/kits/${kitId}/receipt`,
    {},
    z.object({ receipt: sampleReceiptSchema.nullable() }),
  );
  return receipt?.quarantine === 'OPEN';
}
