import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t.app)).accessToken;
  // A unit and a range, to match numbers inside "2/10" and "10-12".
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/addresses',
    headers: ops,
    payload: {
      rows: [
        {
          address_detail_pid: 'GATEST0001',
          address_line_1: '2/10 Smith St',
          locality_name: 'Fortitude Valley',
          state_territory: 'QLD',
          postcode: '4006',
        },
        {
          address_detail_pid: 'GATEST0002',
          address_line_1: '10-12 Wharf Rd',
          locality_name: 'Melbourne',
          state_territory: 'VIC',
          postcode: '3000',
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const lines = async (q: string) => {
  const res = await t.app.inject({
    url: `/api/addresses?q=${encodeURIComponent(q)}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { address_line_1: string; locality_name: string }[]).map(
    (s) => `${s.address_line_1}, ${s.locality_name}`,
  );
};

describe('embedded address finder matches as Addressfinder does (number and street prefixes)', () => {
  it('"1 George" finds George St addresses whose number starts with 1', async () => {
    const found = await lines('1 George');
    expect(found[0]).toBe('166 George St, Sydney');
    // A unit number is a number of the address too (38 George St, Unit 17), after the street numbers.
    expect(found.slice(1)).toContain('38 George St, Sydney');
    expect(found.every((line) => line.includes(' George St, '))).toBe(true);
  });

  it('"100 Queen" finds 100 Queen St first', async () => {
    expect((await lines('100 Queen'))[0]).toBe('100 Queen St, Brisbane City');
  });

  it.each([
    ['queen 100', '100 Queen St, Brisbane City'],
    ['100 Qu Bris', '100 Queen St, Brisbane City'],
    ['100 queen st, brisbane city qld 4000', '100 Queen St, Brisbane City'],
    ['George 203', '203 George St, Sydney'],
    ['10 smith', '2/10 Smith St, Fortitude Valley'],
    ['2/10 Smith', '2/10 Smith St, Fortitude Valley'],
    ['12 wharf', '10-12 Wharf Rd, Melbourne'],
  ])('%j → %j', async (q, first) => {
    expect((await lines(q))[0]).toBe(first);
  });

  it('puts the address that begins with what was typed before other matches', async () => {
    const found = await lines('1 Queen');
    expect(found.length).toBeGreaterThan(1);
    expect(found.every((line) => /^1\d* Queen St/.test(line))).toBe(true);
  });

  it('still finds a street without a number, and nothing for words no address has', async () => {
    const found = await lines('george st');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((line) => line.includes('George St'))).toBe(true);
    expect(await lines('1 Nowhere')).toEqual([]);
    expect(await lines('eorge')).toEqual([]);
    expect(await lines('%%%')).toEqual([]);
    expect(await lines('1 _')).toEqual([]);
  });
});
