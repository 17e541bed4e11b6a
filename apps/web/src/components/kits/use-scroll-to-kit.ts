import { SCROLL_TO_KIT_DELAY_MS } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long the card stays highlighted (the research spec's 2 s animation). */
export const KIT_HIGHLIGHT_MS = 2000;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * ?scrollingPosition=kit-{id}: once the kits are on the page, wait SCROLL_TO_KIT_DELAY_MS, scroll that
 * card into view, move focus to its heading and highlight it for a moment. Returns the highlighted id.
 */
export function useScrollToKit(ready: boolean): string | null {
  const [searchParams] = useSearchParams();
  const target = searchParams.get('scrollingPosition');
  const [highlighted, setHighlighted] = useState<string | null>(null);

  useEffect(() => {
    if (!ready || !target || !/^kit-\d+$/.test(target)) return;
    let unhighlight: number | undefined;
    const scroll = window.setTimeout(() => {
      const card = document.getElementById(target);
      if (!card) return;
      card.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      card.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
      setHighlighted(target);
      unhighlight = window.setTimeout(() => setHighlighted(null), KIT_HIGHLIGHT_MS);
    }, SCROLL_TO_KIT_DELAY_MS);
    return () => {
      window.clearTimeout(scroll);
      window.clearTimeout(unhighlight);
    };
  }, [ready, target]);

  return highlighted;
}

/** The kit id of ?scrollingPosition=kit-{id}, or null: its card starts expanded. */
export function useScrollTargetKitId(): number | null {
  const [searchParams] = useSearchParams();
  const match = /^kit-(\d+)$/.exec(searchParams.get('scrollingPosition') ?? '');
  return match ? Number(match[1]) : null;
}
