import { KIT_MESSAGES, SCROLL_TO_KIT_DELAY_MS, TIMELINE_STEPS } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMELINE_RETRIES } from '../../../lib/kits-api.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { makeKit, renderKits, stubApi } from '../../../test/kits.tsx';
import { JourneyKits } from './journey-kits.tsx';

const handlers = { onSelectOption: () => {}, onCoachInfo: () => {} };
const card = (name: string) => screen.getByRole('article', { name });
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

  it('shows each card as soon as the list answers; an opened card loads its own timeline, once', async () => {
    const failure = { status: 500, body: { message: 'Boom', code: 'INTERNAL_ERROR' } };
    const calls = stubApi({
      'GET /kits': {
        status: 200,
        body: [
          makeKit({ id: 1, name: 'First' }),
          makeKit({ id: 2, name: 'Second' }),
          makeKit({ id: 3, name: 'Third' }),
        ],
      },
      'GET /kits/1/timeline': { status: 200, body: [] },
      'GET /kits/2/timeline': failure,
      'GET /kits/3/timeline': { status: 200, body: [] },
    });
    const { user } = renderKits(<JourneyKits {...handlers} />);
    expect(await screen.findByRole('heading', { name: 'Third' })).toBeVisible();
    const timelineCalls = (id: number) => calls.filter((c) => c.path === `/kits/${id}/timeline`).length;
    expect([timelineCalls(1), timelineCalls(2), timelineCalls(3)]).toEqual([0, 0, 0]);

    for (const name of ['First', 'Second', 'Third'])
      await user.click(within(card(name)).getByRole('button', { name: 'Show details' }));
    expect(await within(card('First')).findByText(TIMELINE_STEPS[0].label)).toBeVisible();
    expect(await within(card('Third')).findByText(TIMELINE_STEPS[0].label)).toBeVisible();
    expect(
      await within(card('Second')).findByText(KIT_MESSAGES.timelineFailed, {}, { timeout: 4000 }),
    ).toBeVisible();
    expect(within(card('Second')).queryByText(TIMELINE_STEPS[0].label)).not.toBeInTheDocument();

    // Closed and opened again: nothing is asked for again, not even the failed one.
    await user.click(within(card('First')).getByRole('button', { name: 'Hide details' }));
    expect(within(card('First')).queryByText(TIMELINE_STEPS[0].label)).not.toBeInTheDocument();
    await user.click(within(card('First')).getByRole('button', { name: 'Show details' }));
    expect(await within(card('First')).findByText(TIMELINE_STEPS[0].label)).toBeVisible();
    expect([timelineCalls(1), timelineCalls(2), timelineCalls(3)]).toEqual([1, 1 + TIMELINE_RETRIES, 1]);
    expect(screen.queryByText(CLIENT_MESSAGES.loading)).not.toBeInTheDocument();
  });

  it('opens a lone kit', async () => {
    stubApi({
      'GET /kits': { status: 200, body: [makeKit({ id: 1, name: 'Only' })] },
      'GET /kits/1/timeline': { status: 200, body: [] },
    });
    renderKits(<JourneyKits {...handlers} />);
    expect(
      within(await screen.findByRole('article', { name: 'Only' })).getByRole('button', {
        name: 'Hide details',
      }),
    ).toHaveAttribute('aria-expanded', 'true');
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
    // That card is open, the others are summaries.
    expect(within(card('Second')).getByRole('button', { name: 'Hide details' })).toBeVisible();
    expect(within(card('KIT-1')).getByRole('button', { name: 'Show details' })).toBeVisible();
  });
});
