import { createHash } from 'node:crypto';

/*
 * The carrier that takes the kits logistics dispatches (issue 34): each dispatched kit is booked as a
 * consignment, and its tracking number goes on the address label and into the customer's kit timeline.
 * Like the card and address providers, an embedded default works with no account (it makes the tracking
 * number itself; the portal prints the label), and Australia Post's Shipping and Tracking API is used
 * when its key, password and account number are set (AUSPOST_API_KEY, AUSPOST_API_PASSWORD,
 * AUSPOST_ACCOUNT_NUMBER).
 */

export type Shipment = {
  /** The kit's label (KIT-12): the carrier's reference, and what the label's barcode reads. */
  reference: string;
  to: {
    name: string;
    addressLine1: string;
    addressLine2: string | null;
    suburb: string;
    state: string;
    postcode: string;
  };
  from: { name: string; addressLine1: string; suburb: string; state: string; postcode: string };
};

export type Consignment = { carrier: string; trackingNumber: string; trackingUrl: string };

export type Carrier = { name: string; book(shipment: Shipment): Promise<Consignment> };

const AUSPOST_TRACKING = (article: string) =>
  `https://auspost.com.au/mypost/track/details/${encodeURIComponent(article)}`;

/**
 * The embedded carrier: a tracking number of the portal's own (MBP, the kit id, a check digit: the same
 * kit always gets the same number, so a retried dispatch never makes a second one). Its parcels are
 * followed in the portal itself, so its tracking link is the customer's kits page, with the timeline.
 */
export function embeddedCarrier(publicUrl: string): Carrier {
  return {
    name: 'Embedded carrier',
    async book(shipment) {
      const digits = shipment.reference.replace(/\D/g, '').padStart(9, '0');
      const check = createHash('sha256').update(digits).digest()[0] ?? 0;
      const trackingNumber = `MBP${digits}${check % 10}AU`;
      return {
        carrier: 'Embedded carrier',
        trackingNumber,
        trackingUrl: `${publicUrl.replace(/\/$/, '')}/kits`,
      };
    },
  };
}

/** Australia Post's Shipping and Tracking API: one shipment of one parcel (a kit's satchel) per kit. */
export function auspostCarrier(
  account: { apiKey: string; password: string; accountNumber: string },
  fetchImpl: typeof fetch = fetch,
  base = 'https://digitalapi.auspost.com.au',
): Carrier {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    'account-number': account.accountNumber,
    authorization: `Basic ${Buffer.from(`${account.apiKey}:${account.password}`).toString('base64')}`,
  };
  return {
    name: 'Australia Post',
    async book(shipment) {
      const address = (a: Shipment['to'] | Shipment['from']) => ({
        name: a.name,
        lines: [a.addressLine1, ...('addressLine2' in a && a.addressLine2 ? [a.addressLine2] : [])],
        suburb: a.suburb,
        state: a.state,
        postcode: a.postcode,
      });
      const res = await fetchImpl(`${base}/shipping/v1/shipments`, {
        method: 'POST',
        headers,
        signal: AbortSignal.timeout(10_000),
        body: JSON.stringify({
          shipments: [
            {
              shipment_reference: shipment.reference,
              from: address(shipment.from),
              to: address(shipment.to),
              // A kit's satchel: Parcel Post (7E55), 0.5 kg, 25 × 18 × 5 cm.
              items: [
                {
                  item_reference: shipment.reference,
                  product_id: '7E55',
                  length: 25,
                  width: 18,
                  height: 5,
                  weight: 0.5,
                  authority_to_leave: true,
                },
              ],
            },
          ],
        }),
      });
      if (!res.ok) throw new Error(`Australia Post answered ${res.status}`);
      const body = (await res.json()) as {
        shipments?: { items?: { tracking_details?: { article_id?: string; consignment_id?: string } }[] }[];
      };
      const tracking = body.shipments?.[0]?.items?.[0]?.tracking_details;
      const article = tracking?.article_id ?? tracking?.consignment_id;
      if (!article) throw new Error('Australia Post gave no tracking number');
      return { carrier: 'Australia Post', trackingNumber: article, trackingUrl: AUSPOST_TRACKING(article) };
    },
  };
}

/** The carrier the configuration names: Australia Post when its account is set, else the embedded one. */
export function carrierFor(config: {
  publicUrl: string;
  auspost?: { apiKey: string; password: string; accountNumber: string } | undefined;
}): Carrier {
  return config.auspost ? auspostCarrier(config.auspost) : embeddedCarrier(config.publicUrl);
}
