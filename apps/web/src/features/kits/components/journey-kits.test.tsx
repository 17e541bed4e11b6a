import { KIT_MESSAGES, SCROLL_TO_KIT_DELAY_MS } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JourneyKits } from './journey-kits.tsx';
import { makeKit, renderKits, stubApi } from './kits.test-helpers.tsx';

const handlers = { onSendNow: () => {}, onGive: () => {}, onCoachInfo: () => {} };
const scrollIntoView = vi.fn();

beforeEach(() => {
  // jsdom has no layout, so no scrolling either.
  Element.prototype.scrollIntoView = scrollIntoView;
  scrollIntoView.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Kits in My Journey', () => {
  it('says when there are no kits', async () => {
    stubApi({ 'GET /kits': { status: 200, body: [] } });
    renderKits(<JourneyKits {...handlers} />);
    expect(await screen.findByText(KIT_MESSAGES.noKits)).toBeVisible();
  });

  it('scrolls to the kit of ?scrollingPosition after the delay and focuses its heading', async () => {
    stubApi({
      'GET /kits': { status: 200, body: [makeKit({ id: 1 }), makeKit({ id: 2, name: 'Second' })] },
      'GET /kits/1/timeline': { status: 200, body: [] },
      'GET /kits/2/timeline': { status: 200, body: [] },
    });
    const started = Date.now();
    renderKits(<JourneyKits {...handlers} />, { path: '/kits?scrollingPosition=kit-2' });
    const heading = await screen.findByRole('heading', { name: 'Second' });
    expect(scrollIntoView).not.toHaveBeenCalled();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled(), { timeout: SCROLL_TO_KIT_DELAY_MS * 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SCROLL_TO_KIT_DELAY_MS);
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute('id', 'kit-2');
    expect(heading).toHaveFocus();
    expect(document.getElementById('kit-2')).toHaveClass('kit-card-highlight');
  });
});
