import { like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses } from '../../db/schema/index.ts';

/** A suggestion with the finder's own field names (spec consumer §3 Address). */
export type AddressSuggestion = {
  address_line_1: string;
  address_line_2: string | null;
  locality_name: string;
  state_territory: string;
  postcode: string;
  country: string;
  gnaf_id: string;
  external_identifier: string;
  full_address: string;
};

export type AddressFinder = { search(query: string, limit?: number): Promise<AddressSuggestion[]> };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The embedded finder: indexed prefix search over the addresses table. */
export function embeddedAddressFinder(db: Db): AddressFinder {
  return {
    async search(query, limit = 8) {
      const q = query.trim().toUpperCase().replace(/\s+/g, ' ').replace(/,/g, '');
      if (q.length < 3) return [];
      const prefix = `${escapeLike(q)}%`;
      const rows = await db
        .select()
        .from(addresses)
        .where(or(like(addresses.searchText, prefix), like(addresses.streetSearchText, prefix)))
        .orderBy(addresses.searchText)
        .limit(limit);
      return rows.map((r) => ({
        address_line_1: r.addressLine1,
        address_line_2: r.addressLine2,
        locality_name: r.localityName,
        state_territory: r.stateTerritory,
        postcode: r.postcode,
        country: r.country,
        gnaf_id: r.addressDetailPid,
        external_identifier: r.addressDetailPid,
        full_address: [r.addressLine1, r.addressLine2, `${r.localityName} ${r.stateTerritory} ${r.postcode}`]
          .filter(Boolean)
          .join(', '),
      }));
    },
  };
}

/** The real Addressfinder API (ADDRESSFINDER_KEY): autocomplete, then metadata for each candidate. */
export function addressfinderApi(key: string, fetchImpl: typeof fetch = fetch): AddressFinder {
  const base = 'https://api.addressfinder.io/api/au/address';
  return {
    async search(query, limit = 8) {
      const auto = await fetchImpl(
        `${base}/autocomplete/?key=${encodeURIComponent(key)}&q=${encodeURIComponent(query)}&format=json&source=gnaf&max=${limit}`,
        { signal: AbortSignal.timeout(3000) },
      );
      if (!auto.ok) throw new Error(`Addressfinder answered ${auto.status}`);
      const { completions = [] } = (await auto.json()) as { completions?: { id: string }[] };
      const details = await Promise.all(
        completions.slice(0, limit).map(async (c) => {
          const res = await fetchImpl(
            `${base}/metadata/?key=${encodeURIComponent(key)}&id=${encodeURIComponent(c.id)}&format=json&gps=0`,
            { signal: AbortSignal.timeout(3000) },
          );
          return res.ok ? ((await res.json()) as Record<string, string | null>) : null;
        }),
      );
      return details.filter(Boolean).map((d) => ({
        address_line_1: String(d?.address_line_1 ?? ''),
        address_line_2: d?.address_line_2 ?? null,
        locality_name: String(d?.locality_name ?? ''),
        state_territory: String(d?.state_territory ?? ''),
        postcode: String(d?.postcode ?? ''),
        country: 'AU',
        gnaf_id: String(d?.gnaf_id ?? ''),
        external_identifier: String(d?.id ?? d?.gnaf_id ?? ''),
        full_address: String(d?.full_address ?? ''),
      }));
    },
  };
}
