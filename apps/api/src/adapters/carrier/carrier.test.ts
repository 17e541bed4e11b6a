import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auspostCarrier, carrierFor, embeddedCarrier, type Shipment } from './carrier.ts';

const shipment: Shipment = {
  reference: 'KIT-12',
  to: {
    name: '王芳',
    addressLine1: '12 Nguyễn Street',
    addressLine2: null,
    suburb: 'Cabramatta',
    state: 'NSW',
    postcode: '2166',
  },
  from: {
    name: 'Gut Portal',
    addressLine1: 'GPO Box 1234',
    suburb: 'Brisbane',
    state: 'QLD',
    postcode: '4001',
  },
};

describe('the embedded carrier', () => {
  it('makes one tracking number per kit, the same every time, and links to the kits page', async () => {
    const carrier = embeddedCarrier('https://portal.example/');
    const first = await carrier.book(shipment);
    expect(first.trackingNumber).toMatch(/^MBP000000012\dAU$/);
    expect(await carrier.book(shipment)).toEqual(first);
    expect((await carrier.book({ ...shipment, reference: 'KIT-13' })).trackingNumber).not.toBe(
      first.trackingNumber,
    );
    expect(first.trackingUrl).toBe('https://portal.example/kits');
  });

  it('is the one used when no Australia Post account is set', () => {
    expect(carrierFor({ publicUrl: 'https://p.example' }).name).toBe('Embedded carrier');
    expect(
      carrierFor({
        publicUrl: 'https://p.example',
        auspost: { apiKey: 'k', password: 'p', accountNumber: '1' },
      }).name,
    ).toBe('Australia Post');
  });
});

/*
 * The Australia Post client against a local HTTP server that answers as the Shipping and Tracking API's
 * documented create-shipment response does: what the client sends, and what it reads back.
 */
describe('the Australia Post client', () => {
  const seen: { headers: Record<string, unknown>; body: unknown; url: string }[] = [];
  let status = 201;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ headers: req.headers, body: JSON.parse(body), url: req.url ?? '' });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          shipments: [
            {
              shipment_id: 'S1',
              items: [
                {
                  tracking_details: { article_id: '33ABC000123401000931506', consignment_id: '33ABC0001234' },
                },
              ],
            },
          ],
        }),
      );
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('books one parcel with the account headers and returns the article id and its tracking page', async () => {
    const carrier = auspostCarrier(
      { apiKey: 'key', password: 'secret', accountNumber: '0001234' },
      fetch,
      base,
    );
    const booked = await carrier.book(shipment);
    expect(booked).toEqual({
      carrier: 'Australia Post',
      trackingNumber: '33ABC000123401000931506',
      trackingUrl: 'https://auspost.com.au/mypost/track/details/33ABC000123401000931506',
    });
    const request = seen.at(-1);
    expect(request?.url).toBe('/shipping/v1/shipments');
    expect(request?.headers['account-number']).toBe('0001234');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('key:secret').toString('base64')}`);
    expect(request?.body).toMatchObject({
      shipments: [
        {
          shipment_reference: 'KIT-12',
          to: {
            name: '王芳',
            lines: ['12 Nguyễn Street'],
            suburb: 'Cabramatta',
            state: 'NSW',
            postcode: '2166',
          },
          items: [{ item_reference: 'KIT-12', product_id: '7E55' }],
        },
      ],
    });
  });

  it('throws on a refusal, so the dispatch keeps no tracking number', async () => {
    status = 400;
    const carrier = auspostCarrier({ apiKey: 'key', password: 'secret', accountNumber: '1' }, fetch, base);
    await expect(carrier.book(shipment)).rejects.toThrow('Australia Post answered 400');
    status = 201;
  });
});
