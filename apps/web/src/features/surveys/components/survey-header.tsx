import { useLayoutEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';
import { ProgressBar, percentOf } from './progress-bar.tsx';

export type Indicator = 'idle' | 'saving' | 'saved' | 'failed';

const INDICATOR_TEXT: Record<Indicator, string> = {
  idle: '',
  saving: SURVEY_TEXTS.saving,
  saved: SURVEY_TEXTS.saved,
  failed: SURVEY_TEXTS.notSaved,
};

type SurveyHeaderProps = {
  kitId: number;
  indicator: Indicator;
  completed: number;
  total: number;
  closing: boolean;
  onClose: () => void;
  /** A support view: nothing is saved, so the button only closes and no indicator shows. */
  readOnly?: boolean;
};

/** Research §2: Save and close, the saving/saved indicator, the Kit ID and the progress bar. */
export function SurveyHeader({
  kitId,
  indicator,
  completed,
  total,
  closing,
  onClose,
  readOnly = false,
}: SurveyHeaderProps) {
  const ref = useStickyHeight();
  return (
    <div className="survey-header" ref={ref}>
      <div className="survey-header-row">
        <Button variant="secondary" busy={closing} onClick={onClose}>
          {readOnly ? SURVEY_TEXTS.close : SURVEY_TEXTS.saveAndClose}
        </Button>
        <p className="survey-indicator" role="status" data-state={readOnly ? 'idle' : indicator}>
          {readOnly ? '' : INDICATOR_TEXT[indicator]}
        </p>
        <p className="survey-kit-id">
          {SURVEY_TEXTS.kitId}: KIT-{kitId}
        </p>
      </div>
      <ProgressBar
        label={SURVEY_TEXTS.pageProgressLabel}
        percent={percentOf(completed, total)}
        text={SURVEY_TEXTS.answered(completed, total)}
      />
    </div>
  );
}

/**
 * The header's height, kept as --survey-header-height on the page: what scrolls into view (focus, the
 * failure alert) stops below it and the site's header, however tall it wraps on a phone (WCAG 2.4.11).
 */
function useStickyHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const header = ref.current;
    const root = document.documentElement;
    if (!header) return;
    const note = () => root.style.setProperty('--survey-header-height', `${header.offsetHeight}px`);
    note();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(note);
    observer?.observe(header);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--survey-header-height');
    };
  }, []);
  return ref;
}
