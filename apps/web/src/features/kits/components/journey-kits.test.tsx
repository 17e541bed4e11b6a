import { KIT_MESSAGES, SCROLL_TO_KIT_DELAY_MS, TIMELINE_STEPS } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
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

  it('shows the cards once every timeline has answered, so they do not grow as each one arrives', async () => {
    let answerSecond: () => void = () => {};
    const secondAnswered = new Promise<void>((resolve) => {
      answerSecond = resolve;
    });
    stubApi({
      'GET /kits': { status: 200, body: [makeKit({ id: 1 }), makeKit({ id: 2, name: 'Second' })] },
      'GET /kits/1/timeline': { status: 200, body: [] },
      'GET /kits/2/timeline': async () => {
        await secondAnswered;
        return { status: 200, body: [] };
      },
    });
    renderKits(<JourneyKits {...handlers} />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(screen.getByText(CLIENT_MESSAGES.loading)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Second' })).not.toBeInTheDocument();

    answerSecond();
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeVisible();
    expect(screen.getAllByText(TIMELINE_STEPS[0].label)).toHaveLength(2);
    expect(screen.queryByText(CLIENT_MESSAGES.loading)).not.toBeInTheDocument();
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
