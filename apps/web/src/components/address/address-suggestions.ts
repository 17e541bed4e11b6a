import { type AddressSuggestion, addressSuggestionSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export type { AddressSuggestion };

/** GET /api/addresses?q= (the server needs at least 3 characters). */
export function useAddressSuggestions(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['addresses', q],
    queryFn: ({ signal }) =>
      apiRequest(
        `/addresses?q=${encodeURIComponent(q)}`,
        { auth: 'required', signal },
        z.array(addressSuggestionSchema),
      ),
    enabled: q.length >= 3,
    staleTime: 60_000,
  });
}

/** The address fields a chosen suggestion fills in. */
export function addressFromSuggestion(item: AddressSuggestion) {
  return {
    addressLine1: item.address_line_1,
    addressLine2: item.address_line_2 ?? '',
    suburb: item.locality_name,
    state: item.state_territory,
    postcode: item.postcode,
  };
}
