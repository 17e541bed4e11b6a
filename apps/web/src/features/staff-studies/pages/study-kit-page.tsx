import { formatZonedDateTime, kitTypeName } from '@portal/domain';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { useStudyKit } from '../api.ts';

/** STUDY: a study kit, its tubes and form link, and what its requisition or replacement form recorded. */
export function StudyKitPage() {
  const id = Number(useParams().kitId);
  const detail = useStudyKit(id);
  if (detail.isPending) return <Loading />;
  if (detail.error) return <Alert tone="error">{detail.error.message}</Alert>;
  const { kit, form, questionnaireAnswers } = detail.data;
  const zone = form.site.timezone;
  return (
    <>
      <p>
        <Link to={`/staff/study-sites/${kit.siteId}`}>{form.site.name}</Link>
      </p>
      <h1>
        {kitTypeName(kit.kitType)} {kit.id}
      </h1>
      <section className="staff-panel" aria-labelledby="kit-facts">
        <h2 id="kit-facts">Kit</h2>
        <dl className="staff-facts">
          <div>
            <dt>Label id</dt>
            <dd className="staff-code">{kit.hashedId}</dd>
          </div>
          <div>
            <dt>Tubes</dt>
            <dd>{kit.tubes.join(', ')}</dd>
          </div>
          <div>
            <dt>Form</dt>
            <dd>
              <a href={kit.formLink}>{kit.formLink}</a>
            </dd>
          </div>
          <div>
            <dt>Made</dt>
            <dd>{formatConsoleTime(kit.createdAt)}</dd>
          </div>
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="kit-form">
        <h2 id="kit-form">
          {form.formType === 'replacement-form' ? 'Replacement form' : 'Requisition form'}
        </h2>
        {!kit.submittedAt ? <p>Not submitted yet.</p> : null}
        {form.replacement ? (
          <dl className="staff-facts">
            <div>
              <dt>Subject ID</dt>
              <dd>{form.replacement.subjectId}</dd>
            </div>
            <div>
              <dt>Site number</dt>
              <dd>{form.replacement.siteNumber}</dd>
            </div>
            <div>
              <dt>Replaces the kit labelled</dt>
              <dd className="staff-code">{form.replacement.replacedKitHashedId}</dd>
            </div>
          </dl>
        ) : null}
        {form.visitor ? (
          <dl className="staff-facts">
            <div>
              <dt>Subject ID</dt>
              <dd>{form.visitor.externalReference}</dd>
            </div>
            <div>
              <dt>Year of birth</dt>
              <dd>{form.visitor.yearOfBirth}</dd>
            </div>
            <div>
              <dt>Gender</dt>
              <dd>{form.visitor.gender}</dd>
            </div>
            <div>
              <dt>Study visit</dt>
              <dd>{form.studyVisit}</dd>
            </div>
            {form.collections.map((c) => (
              <div key={c.kit.kitHashedId}>
                <dt>Collected</dt>
                <dd>
                  {c.collectionDateAtSiteTimezone} {c.collectionTimeAtSiteTimezone} at the site (
                  {formatZonedDateTime(c.collectedAtEpoch, zone)})
                </dd>
              </div>
            ))}
            <div>
              <dt>Note</dt>
              <dd>{form.note || '—'}</dd>
            </div>
            {form.sampleReplacements.length > 0 ? (
              <div>
                <dt>Tubes replaced</dt>
                <dd>{form.sampleReplacements.map((r) => `${r.replaced} → ${r.replacedBy}`).join(', ')}</dd>
              </div>
            ) : null}
            {questionnaireAnswers !== null ? (
              <div>
                <dt>Stool questionnaire</dt>
                <dd>{questionnaireAnswers} answers saved</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </section>
    </>
  );
}
