import { AU_STATES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addresses } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

/** One G-NAF style row, as in the CSV that `ops addresses:import` reads. */
export const addressRowSchema = z.object({
  address_detail_pid: z.string().trim().min(1).max(40),
  address_line_1: z.string().trim().min(1).max(40),
  address_line_2: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((v) => v || null),
  locality_name: z.string().trim().min(1).max(40),
  state_territory: z.enum(AU_STATES),
  postcode: z.string().regex(/^\d{4}$/),
});
export type AddressRow = z.infer<typeof addressRowSchema>;

/** Adds or updates addresses for the embedded finder; returns how many rows were written. */
export async function importAddresses(ctx: AppContext, rows: AddressRow[]) {
  if (!rows.length) return { imported: 0 };
  const values = rows.map((r) => ({
    addressDetailPid: r.address_detail_pid,
    addressLine1: r.address_line_1,
    addressLine2: r.address_line_2,
    localityName: r.locality_name,
    stateTerritory: r.state_territory,
    postcode: r.postcode,
    country: 'AU',
    searchText: [r.address_line_1, r.address_line_2, r.locality_name, r.state_territory, r.postcode]
      .filter(Boolean)
      .join(' ')
      .toUpperCase(),
    streetSearchText: [
      r.address_line_1.replace(/^[\d/-]+[A-Z]?\s+/i, ''),
      r.locality_name,
      r.state_territory,
      r.postcode,
    ]
      .join(' ')
      .toUpperCase(),
  }));
  await ctx.db
    .insert(addresses)
    .values(values)
    .onConflictDoUpdate({
      target: addresses.addressDetailPid,
      set: {
        addressLine1: sql`excluded.address_line_1`,
        addressLine2: sql`excluded.address_line_2`,
        localityName: sql`excluded.locality_name`,
        stateTerritory: sql`excluded.state_territory`,
        postcode: sql`excluded.postcode`,
        searchText: sql`excluded.search_text`,
        streetSearchText: sql`excluded.street_search_text`,
      },
    });
  return { imported: values.length };
}
