import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createKit,
  createTestApp,
  kitAtLab,
  ops,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Tile = { key: string; count: number; oldestAt: string | null; link: string };
const tiles = (body: { groups: { tiles: Tile[] }[] }) =>
  Object.fromEntries(body.groups.flatMap((g) => g.tiles).map((tile) => [tile.key, tile]));

describe('staff dashboard', () => {
  it("counts today's work, with the oldest and a link to each list", async () => {
    const owner = await signedInUser(t.app);
    const packing = await createKit(t.app, { ownerEmail: owner.email });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/kits/${packing.id}`,
      headers: ops,
      payload: { kitStatus: 'REQUESTED' },
    });
    const atLab = await kitAtLab(t.app, owner.email);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/kits/${atLab.id}`,
      headers: ops,
      payload: { sampleStatus: 'ACCESSIONING' },
    });
    await kitAtLab(t.app, owner.email);
    const lab = await signedInStaff(t.app, ['LAB']);
    const res = await t.app.inject({
      url: `/api/staff/dashboard?today=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`,
      headers: bearer(lab.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const byKey = tiles(res.json());
    expect(byKey['kit-REQUESTED']).toMatchObject({
      count: 1,
      link: '/staff/kits?kitStatus=REQUESTED&sort=oldest',
    });
    expect(byKey['kit-REQUESTED']?.oldestAt).not.toBeNull();
    expect(byKey['sample-RECEIVED_BY_LAB']?.count).toBe(1);
    expect(byKey['sample-ACCESSIONING']?.count).toBe(1);
    expect(byKey['sample-SEQUENCING']).toMatchObject({ count: 0, oldestAt: null });
    expect(byKey['consent-forms']?.link).toBe('/staff/people?consent=pending');
    expect(byKey['released-today']?.count).toBe(0);
  });

  it('refuses a malformed day with a message', async () => {
    const res = await t.app.inject({ url: '/api/staff/dashboard?today=yesterday', headers: ops });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('ISO 8601');
  });
});
