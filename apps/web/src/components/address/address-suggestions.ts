import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

/** One result of the address finder, as the server passes it on (consumer §3 "Address"). */
export const addressSuggestionSchema = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullish(),
  locality_name: z.string(),
  state_territory: z.string(),
  postcode: z.string(),
  country: z.string().nullish(),
  gnaf_id: z.string().nullish(),
  external_identifier: z.string().nullish(),
  full_address: z.string(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

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
