import { orderNumber, type StaffKitDetail } from '@portal/domain';
import { Printer } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { canSee, useStaffSession } from '../../../lib/staff.ts';
import { type DocumentKind, printDispatchDocuments, useKitDetail } from '../api.ts';
import { changedAt, KitStatuses } from '../components/kit-table.tsx';
import { ReceiptSection } from '../components/receipt-section.tsx';

/** LOGISTICS, LAB, SUPPORT: one kit, with its owner, where it goes, its order, report, timeline and audit. */
export function KitPage() {
  const id = Number(useParams().kitId);
  const kit = useKitDetail(id);
  if (kit.isPending) return <Loading />;
  if (kit.error)
    return (
      <>
        <h1>KIT-{Number.isFinite(id) ? id : '?'}</h1>
        <Alert tone="error">{kit.error.message}</Alert>
        <p>
          <Link to="/staff/kits">Back to the kits</Link>
        </p>
      </>
    );
  return <KitDetails kit={kit.data} />;
}

const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <div>
    <dt>{term}</dt>
    <dd>{children ?? '—'}</dd>
  </div>
);

const score = (value: number | null) => (value === null ? 'not applicable' : value.toFixed(3));
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const describeChange = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value)
        .map(([key, v]) => `${key}: ${v ?? '—'}`)
        .join(', ')
    : '—';

const REPRINTS: [DocumentKind, string][] = [
  ['slip', 'Reprint packing slip'],
  ['label', 'Reprint address label'],
  ['tube', 'Reprint tube label'],
];

/** Logistics reprints one kit's slip or labels from its page (issue 34). */
function Reprint({ kitId }: { kitId: number }) {
  const { data: session } = useStaffSession();
  const [busy, setBusy] = useState<DocumentKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!canSee(session, ['LOGISTICS'])) return null;
  const print = async (kind: DocumentKind) => {
    setBusy(kind);
    setError(null);
    try {
      await printDispatchDocuments(kind, [kitId]);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : CLIENT_MESSAGES.unexpected);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="staff-panel" aria-labelledby="kit-print">
      <h2 id="kit-print">Print</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="staff-row-actions">
        {REPRINTS.map(([kind, text]) => (
          <Button
            key={kind}
            variant="secondary"
            icon={Printer}
            busy={busy === kind}
            onClick={() => print(kind)}
          >
            {text}
          </Button>
        ))}
      </div>
    </section>
  );
}

function KitDetails({ kit }: { kit: StaffKitDetail }) {
  const ship = kit.shipping;
  return (
    <>
      <p className="staff-breadcrumb">
        <Link to="/staff/kits">Kits</Link>
      </p>
      <h1>
        {kit.label}
        {kit.name ? <span className="kit-name"> “{kit.name}”</span> : null}
      </h1>
      <section className="staff-panel" aria-labelledby="kit-facts">
        <h2 id="kit-facts">Kit</h2>
        <dl className="staff-facts">
          <Fact term="Status">
            <KitStatuses kit={kit} />
          </Fact>
          <Fact term="Sample id">
            <span className="mono">{kit.sampleIdentifier}</span>
          </Fact>
          <Fact term="Voucher">
            <span className="mono">{kit.voucherCode}</span>
          </Fact>
          <Fact term="Label id">
            <span className="mono">{kit.hashedId}</span>
          </Fact>
          <Fact term="Project">{kit.project.name}</Fact>
          <Fact term="Created">{changedAt(kit.createdAt)}</Fact>
          <Fact term="Last change">{changedAt(kit.updatedAt)}</Fact>
          <Fact term="Referral code">{kit.referralCode}</Fact>
          <Fact term="Replaces">
            {kit.replacesKitId ? (
              <Link to={`/staff/kits/${kit.replacesKitId}`}>KIT-{kit.replacesKitId}</Link>
            ) : null}
          </Fact>
        </dl>
      </section>
      <Reprint kitId={kit.id} />
      <section className="staff-panel" aria-labelledby="kit-owner">
        <h2 id="kit-owner">Owner and shipping</h2>
        <dl className="staff-facts">
          <Fact term="Owner">
            {kit.owner ? `${kit.owner.name} (${kit.owner.email})` : 'Not yet redeemed'}
          </Fact>
          <Fact term="Phone">{kit.ownerPhone}</Fact>
          <Fact term="Ship to">
            {ship
              ? [
                  ship.name,
                  ship.addressLine1,
                  ship.addressLine2,
                  `${ship.suburb} ${ship.state} ${ship.postcode}`,
                ]
                  .filter(Boolean)
                  .join(', ')
              : 'No address on file'}
          </Fact>
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="kit-order">
        <h2 id="kit-order">Order</h2>
        {kit.order ? (
          <dl className="staff-facts">
            <Fact term="Order">{`${orderNumber(kit.order.id)} of ${changedAt(kit.order.createdAt)}`}</Fact>
            <Fact term="Type">{`${kit.order.orderType}, ${kit.order.deliveryOption}`}</Fact>
            <Fact term="Paid">{dollars(kit.order.amountCents)}</Fact>
            <Fact term="Purchaser">{`${kit.order.purchaserName} (${kit.order.purchaserEmail})`}</Fact>
          </dl>
        ) : (
          <p>No order: the kit was made by the lab (a voucher, a study or the operator).</p>
        )}
      </section>
      <ReceiptSection kitId={kit.id} />
      <section className="staff-panel" aria-labelledby="kit-report">
        <h2 id="kit-report">Report</h2>
        {kit.report ? (
          <dl className="staff-facts">
            <Fact term="State">
              {kit.report.released ? 'Released to the owner' : 'Stored, waiting for release'}
            </Fact>
            <Fact term="Stored">{changedAt(kit.report.importedAt)}</Fact>
            <Fact term="Marker database">{kit.report.database}</Fact>
            <Fact term="Species richness">{score(kit.report.richness)}</Fact>
            <Fact term="Shannon diversity">{score(kit.report.shannon)}</Fact>
            <Fact term="GMWI2">{score(kit.report.gmwi2)}</Fact>
            <Fact term="GMHI">{score(kit.report.gmhi)}</Fact>
          </dl>
        ) : (
          <p>No results yet.</p>
        )}
      </section>
      <section className="staff-panel" aria-labelledby="kit-timeline">
        <h2 id="kit-timeline">Timeline</h2>
        <ol className="staff-timeline">
          {kit.events.map((event) => (
            <li key={`${event.at}-${event.eventType}`}>
              <time dateTime={event.at}>{changedAt(event.at)}</time> <strong>{event.eventType}</strong>
              {event.actor ? ` by ${event.actor}` : null}
            </li>
          ))}
        </ol>
      </section>
      <section className="staff-panel" aria-labelledby="kit-audit">
        <h2 id="kit-audit">Staff actions</h2>
        {kit.audit.length === 0 ? <p>No staff action yet.</p> : null}
        <ol className="staff-timeline">
          {kit.audit.map((entry) => (
            <li key={`${entry.at}-${entry.action}`}>
              <time dateTime={entry.at}>{changedAt(entry.at)}</time> <strong>{entry.action}</strong> by{' '}
              {entry.actor}: {describeChange(entry.before)} → {describeChange(entry.after)}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
