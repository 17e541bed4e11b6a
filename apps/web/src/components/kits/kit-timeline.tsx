import { KIT_MESSAGES, type Kit, timelineSteps } from '@portal/domain';
import { useKitTimeline } from '../../lib/kits-api.ts';
import { Loading } from '../ui/loading.tsx';
import { formatKitDate } from './kit-format.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * The seven steps of a kit's journey: reached ones are marked done, with their date when known. Each
 * card asks for its own timeline, so one that fails says so in its card and the others still show.
 */
export function KitTimeline({ kit }: { kit: Pick<Kit, 'id' | 'kitStatus' | 'sampleStatus'> }) {
  const timeline = useKitTimeline(kit);
  if (timeline.isPending) return <Loading />;
  if (timeline.isError)
    return (
      <p className="field-error" role="alert">
        {KIT_MESSAGES.timelineFailed}
      </p>
    );

  const steps = timelineSteps(timeline.data);
  const lastActive = steps.findLastIndex((step) => step.active);
  // The carrier's tracking number of the dispatch, once logistics has sent the kit (issue 34).
  const tracking = timeline.data.find((event) => event.tracking)?.tracking;
  return (
    <>
      <ol className="kit-timeline">
        {steps.map((step, index) => (
          <li
            key={step.key}
            className={step.active ? 'kit-step kit-step-active' : 'kit-step'}
            aria-current={index === lastActive ? 'step' : undefined}
          >
            <span className="kit-step-label">{step.label}</span>
            <span className="visually-hidden">
              , {step.active ? KITS_TEXTS.stepDone : KITS_TEXTS.stepNotYet}
            </span>
            {step.date ? (
              <time className="kit-step-date" dateTime={step.date}>
                {formatKitDate(step.date)}
              </time>
            ) : null}
          </li>
        ))}
      </ol>
      {tracking ? (
        <p className="kit-tracking">
          Tracking number ({tracking.carrier}): <strong>{tracking.number}</strong>.{' '}
          <a href={tracking.url} target="_blank" rel="noopener noreferrer">
            Track your parcel<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </>
  );
}
