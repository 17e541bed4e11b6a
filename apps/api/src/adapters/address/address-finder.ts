import type { AddressSuggestion } from '@portal/domain';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses } from '../../db/schema/index.ts';

export type AddressFinder = { search(query: string, limit?: number): Promise<AddressSuggestion[]> };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The words of a query as Addressfinder reads them: upper case, commas dropped, and a unit or range
 * ("2/10", "10-12") split into its numbers, so each can be matched on its own.
 */
function queryTokens(query: string): string[] {
  return query
    .toUpperCase()
    .replace(/,/g, ' ')
    .split(/[\s/-]+/)
    .filter(Boolean);
}

// The address's words, each preceded by a space, so ' TOKEN%' matches a word that starts with the token.
const addressWords = sql`' ' || translate(${addresses.searchText}, '/-', '  ')`;

/**
 * The embedded finder, matching as Addressfinder does: every word typed must start a word of the address
 * (street number, street, unit, suburb, state or postcode), in any order, so "1 George" finds
 * "166 George St" and "queen 100" finds "100 Queen St". Addresses that begin with what was typed come
 * first. A stand-in over a sample (ADDRESSFINDER_KEY uses the real service), so a scan is acceptable.
 */
export function embeddedAddressFinder(db: Db): AddressFinder {
  return {
    async search(query, limit = 8) {
      const typed = query.trim().toUpperCase().replace(/,/g, '').replace(/\s+/g, ' ');
      if (typed.length < 3) return [];
      const tokens = queryTokens(typed);
      const everyWord: SQL[] = tokens.map((token) => sql`${addressWords} LIKE ${`% ${escapeLike(token)}%`}`);
      const rows = await db
        .select()
        .from(addresses)
        .where(and(...everyWord))
        .orderBy(
          desc(sql`${addresses.searchText} LIKE ${`${escapeLike(typed)}%`}`),
          // Then a street number that starts with the first word typed, before a unit number that does.
          desc(sql`${addresses.searchText} LIKE ${`${escapeLike(tokens[0] ?? '')}%`}`),
          desc(sql`${addresses.streetSearchText} LIKE ${`${escapeLike(typed)}%`}`),
          asc(sql`length(${addresses.addressLine1})`),
          asc(addresses.searchText),
        )
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
