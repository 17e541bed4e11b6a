import { coachBookedSchema, coachBookingSchema, coachSlotsSchema } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { useInvalidateKits } from './kits-api.ts';
import { useSession } from './session.ts';

export const coachKeys = {
  all: (userId: string | null) => ['coach', userId] as const,
  slots: (userId: string | null) => ['coach', userId, 'slots'] as const,
  bookings: (userId: string | null) => ['coach', userId, 'bookings'] as const,
};

/** The built-in scheduler's free 15-minute slots of the next two weeks, as ISO instants. */
export function useCoachSlots() {
  const { userId } = useSession();
  return useQuery({
    queryKey: coachKeys.slots(userId),
    queryFn: ({ signal }) => apiRequest('/coach/slots', { auth: 'required', signal }, coachSlotsSchema),
    select: (data) => data.slots,
    enabled: userId !== null,
  });
}

/** The person's booked coach calls, one at most per kit. */
export function useCoachBookings() {
  const { userId } = useSession();
  return useQuery({
    queryKey: coachKeys.bookings(userId),
    queryFn: ({ signal }) =>
      apiRequest('/coach/bookings', { auth: 'required', signal }, z.array(coachBookingSchema)),
    enabled: userId !== null,
  });
}

/**
 * Books (or moves) a kit's coach call. Afterwards, and after a refusal (the slot was just taken, or the
 * kit's state changed), the kits, the bookings and the free slots are fetched again.
 */
export function useBookCoach(kitId: number) {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const invalidateKits = useInvalidateKits();
  return useMutation({
    mutationFn: (startsAt: string) =>
      apiRequest(
        `/kits/${kitId}/coach-booking`,
        { method: 'POST', auth: 'required', body: { startsAt } },
        coachBookedSchema,
      ),
    onSettled: () =>
      Promise.all([invalidateKits(), queryClient.invalidateQueries({ queryKey: coachKeys.all(userId) })]),
  });
}
