import { isUnderAge, SHARE_LIMITS, SHARE_MESSAGES, type ShareListItem } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useReportList } from '../api.ts';
import { formatDisplayDate } from '../report-format.ts';
import { REPORT_TEXTS } from '../report-texts.ts';
import { useCreateShare, usePractitioners, useRevokeShare, useShares } from '../share-api.ts';
import { SHARE_TEXTS as T } from '../share-texts.ts';

const TONES: Record<ShareListItem['status'], BadgeTone> = {
  ACTIVE: 'success',
  LOCKED: 'warning',
  EXPIRED: 'neutral',
  REVOKED: 'neutral',
};

const dateOf = (iso: string) => formatDisplayDate(iso.slice(0, 10));
const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
const countryName = (code: string | null) => {
  if (!code) return T.unknownCountry;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** The form: which reports, how long, a PIN or not, and who to email it to. */
function CreateShare() {
  const reports = useReportList();
  const me = useCurrentUser();
  const practitioners = usePractitioners();
  const create = useCreateShare();
  const [samples, setSamples] = useState<string[]>([]);
  const [days, setDays] = useState('14');
  const [pin, setPin] = useState(false);
  const [practitioner, setPractitioner] = useState('');
  const [errors, setErrors] = useState<{ samples?: string; days?: string }>({});
  const [copied, setCopied] = useState(false);
  const selectId = useId();
  const reportsErrorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const expiresInDays = Number(days);
    const next = {
      ...(samples.length === 0 ? { samples: T.chooseReport } : {}),
      ...(!Number.isInteger(expiresInDays) ||
      expiresInDays < SHARE_LIMITS.minDays ||
      expiresInDays > SHARE_LIMITS.maxDays
        ? { days: T.expiryError }
        : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setCopied(false);
    create.mutate({ samples, expiresInDays, pin, practitionerCode: practitioner || null });
  }

  if (reports.isPending || me.isPending) return <Loading />;
  // Minors cannot share (the server refuses too); a guardian account shares its child's reports.
  if (me.data && isUnderAge(me.data) && !me.data.guardian)
    return (
      <Card title={T.title}>
        <Alert tone="info">{SHARE_MESSAGES.minor}</Alert>
      </Card>
    );
  const items = reports.data ?? [];
  const created = create.data;
  return (
    <Card title={T.title}>
      <p>{T.intro}</p>
      {items.length === 0 ? (
        <p>{T.noReports}</p>
      ) : (
        <form className="share-form" onSubmit={submit} noValidate>
          <fieldset aria-describedby={errors.samples ? reportsErrorId : undefined}>
            <legend>{T.reportsLegend}</legend>
            {items.map((item) => (
              <div className="share-choice" key={item.sampleIdentifier}>
                <input
                  id={`share-${item.sampleIdentifier}`}
                  type="checkbox"
                  checked={samples.includes(item.sampleIdentifier)}
                  onChange={(event) =>
                    setSamples((current) =>
                      event.target.checked
                        ? [...current, item.sampleIdentifier]
                        : current.filter((s) => s !== item.sampleIdentifier),
                    )
                  }
                />
                <label htmlFor={`share-${item.sampleIdentifier}`}>
                  {REPORT_TEXTS.reportHeading(item.name, formatDisplayDate(item.displayDate))}
                </label>
              </div>
            ))}
            <FieldError id={reportsErrorId}>{errors.samples}</FieldError>
          </fieldset>
          <Field
            label={T.expiryLabel}
            hint={T.expiryHint}
            type="number"
            inputMode="numeric"
            min={SHARE_LIMITS.minDays}
            max={SHARE_LIMITS.maxDays}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={errors.days}
          />
          <div className="share-choice">
            <input id="share-pin" type="checkbox" checked={pin} onChange={(e) => setPin(e.target.checked)} />
            <label htmlFor="share-pin">{T.pinLabel}</label>
          </div>
          {practitioners.data && practitioners.data.length > 0 ? (
            <div className="field">
              <label htmlFor={selectId}>{T.practitionerLabel}</label>
              <select id={selectId} value={practitioner} onChange={(e) => setPractitioner(e.target.value)}>
                <option value="">{T.practitionerNone}</option>
                {practitioners.data.map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
          <div className="form-actions">
            <Button type="submit" busy={create.isPending} busyLabel={T.creating}>
              {T.create}
            </Button>
          </div>
        </form>
      )}
      {created ? (
        <div className="share-created" role="status">
          <h3>{T.createdTitle}</h3>
          <p className="share-link">
            <span>{T.createdLink}: </span>
            <code data-testid="share-url">{created.url}</code>
          </p>
          <p>{T.linkAdvice}</p>
          <div className="form-actions">
            <Button
              variant="secondary"
              onClick={() =>
                navigator.clipboard.writeText(created.url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {T.copy}
            </Button>
          </div>
          {copied ? <StatusMessage>{T.copied}</StatusMessage> : null}
          {created.pin ? (
            <>
              <p className="share-pin" data-testid="share-pin">
                {T.createdPin(created.pin)}
              </p>
              <p>{T.pinAdvice}</p>
            </>
          ) : null}
          {created.recipientName ? <p>{T.emailed(created.recipientName)}</p> : null}
        </div>
      ) : null}
    </Card>
  );
}

function ShareItem({ share }: { share: ShareListItem }) {
  const revoke = useRevokeShare();
  const created = dateOf(share.createdAt);
  return (
    <li className="share-item">
      <div className="share-item-head">
        <Badge tone={TONES[share.status]}>{T.status[share.status]}</Badge>
        <span>{T.createdLine(created)}</span>
        <span>{T.expiresLine(dateOf(share.expiresAt))}</span>
        {share.hasPin ? <span>{T.withPin}</span> : null}
      </div>
      <p>{T.reportsLine(share.samples.map((s) => s.name).join(', '))}</p>
      {share.recipientName ? <p>{T.recipientLine(share.recipientName)}</p> : null}
      <p className="share-views-title">
        {share.views.length === 0 ? T.noViews : T.viewsTitle(share.views.length)}
      </p>
      {share.views.length > 0 ? (
        <ul className="share-views">
          {share.views.map((view) => (
            <li key={`${view.viewedAt}-${view.browser}`}>
              {T.viewLine(timeOf(view.viewedAt), view.browser, countryName(view.country))}
            </li>
          ))}
        </ul>
      ) : null}
      {revoke.error ? <Alert tone="error">{revoke.error.message}</Alert> : null}
      {share.status === 'ACTIVE' || share.status === 'LOCKED' ? (
        <Button
          variant="danger"
          busy={revoke.isPending}
          busyLabel={T.revoking}
          aria-label={T.revokeLabel(created)}
          onClick={() => revoke.mutate(share.id)}
        >
          {T.revoke}
        </Button>
      ) : null}
      {share.status === 'REVOKED' && revoke.isSuccess ? <StatusMessage>{T.revoked}</StatusMessage> : null}
    </li>
  );
}

/** /reports/shares: make a link, and see and take back every link made. */
export function SharesPage() {
  const shares = useShares();
  return (
    <>
      <p>
        <Link to="/reports">{REPORT_TEXTS.title}</Link>
      </p>
      <h1>{T.title}</h1>
      <CreateShare />
      <Card title={T.listTitle}>
        {shares.isPending ? (
          <Loading />
        ) : shares.isError ? (
          <Alert tone="error">{shares.error.message}</Alert>
        ) : shares.data.length === 0 ? (
          <p>{T.listEmpty}</p>
        ) : (
          <ul className="share-list">
            {shares.data.map((share) => (
              <ShareItem key={share.id} share={share} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
