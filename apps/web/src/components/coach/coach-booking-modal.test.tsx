import { COACH_BOOKING_MESSAGES, type Kit } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, makeKit, renderKits, stubApi } from '../../test/kits.tsx';
import { CoachBookingModal } from './coach-booking-modal.tsx';

const MONDAY_9 = '2026-11-22T23:00:00.000Z';
const MONDAY_915 = '2026-11-22T23:15:00.000Z';
const MONDAY_445 = '2026-11-23T06:45:00.000Z';
const TUESDAY_9 = '2026-11-23T23:00:00.000Z';
const SLOTS = [TUESDAY_9, MONDAY_445, MONDAY_9, MONDAY_915];

const KIT = makeKit({
  id: 7,
  name: 'Spring sample',
  kitStatus: 'RESULTS_AVAILABLE',
  sampleStatus: 'RESULTS_AVAILABLE',
  surveysStats: [{ surveyType: 'FOOD', totalQuestions: 3, completedQuestions: 3 }],
});

const booked = (startsAt: string) => ({
  status: 201,
  body: {
    id: 1,
    kitId: KIT.id,
    startsAt,
    message: COACH_BOOKING_MESSAGES.booked(startsAt),
  },
});

/** The modal with the built-in scheduler; bookings answer from what was booked so far. */
function renderModal({
  kit = KIT,
  bookings = [] as { id: number; kitId: number; startsAt: string }[],
  post = (call: ApiCall) =>
    booked((call.body as { startsAt: string }).startsAt) as { status: number; body?: unknown },
  coachBookingUrl = null as string | null,
} = {}) {
  let current = bookings;
  const calls = stubApi({
    'GET /coach/slots': { status: 200, body: { slots: SLOTS } },
    'GET /coach/bookings': () => ({ status: 200, body: current }),
    [`POST /kits/${kit.id}/coach-booking`]: (call) => {
      const reply = post(call);
      if (reply.status === 201)
        current = [{ id: 1, kitId: kit.id, startsAt: (call.body as { startsAt: string }).startsAt }];
      return reply;
    },
  });
  const onClose = vi.fn();
  const rendered = renderKits(<CoachBookingModal kit={kit as Kit} open onClose={onClose} />, {
    config: { coachBookingUrl },
  });
  return { ...rendered, calls, onClose };
}

const count = (calls: ApiCall[], route: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === route).length;

describe('CoachBookingModal, built-in scheduler', () => {
  it('groups the free slots by day in Brisbane time and shows the chosen day as a radio group', async () => {
    const { user } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Book your Microbiome Coach call' });
    expect(
      within(dialog).getByText('A 15-minute call with a Microbiome Coach about the report of Spring sample.'),
    ).toBeVisible();
    const day = await screen.findByLabelText('Day');
    expect(
      within(day)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Monday 23 November', 'Tuesday 24 November']);
    const monday = screen.getByRole('group', { name: 'Times on Monday 23 November (Brisbane time)' });
    expect(
      within(monday)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['9:00 am', '9:15 am', '4:45 pm']);
    await user.selectOptions(day, 'Tuesday 24 November');
    const tuesday = screen.getByRole('group', { name: 'Times on Tuesday 24 November (Brisbane time)' });
    expect(within(tuesday).getAllByRole('radio')).toHaveLength(1);
    expect(within(tuesday).getByRole('radio', { name: '9:00 am' })).not.toBeChecked();
  });

  it('books the chosen time, confirms it and refreshes the kits and the bookings', async () => {
    const { user, calls, queryClient } = renderModal();
    queryClient.setQueryData(['kits', 'user-1', 'list'], [KIT]);
    await user.click(await screen.findByRole('radio', { name: '4:45 pm' }));
    const bookingsBefore = count(calls, 'GET /coach/bookings');
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText(COACH_BOOKING_MESSAGES.booked(MONDAY_445))).toHaveAttribute(
      'role',
      'status',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/kits/7/coach-booking', body: { startsAt: MONDAY_445 } },
    ]);
    expect(queryClient.getQueryState(['kits', 'user-1', 'list'])?.isInvalidated).toBe(true);
    expect(count(calls, 'GET /coach/bookings')).toBeGreaterThan(bookingsBefore);
    // The confirmation says when; the current booking adds only how to move it.
    expect(await screen.findByText('To move it, choose another time and book it.')).toBeVisible();
    expect(screen.queryByText(/Your call is booked for/)).not.toBeInTheDocument();
    // Focus stays in the dialog, on the confirmation, rather than falling to the page.
    await waitFor(() => expect(screen.getByText(/is booked for 2026/).parentElement).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the kit's current booking and moves it to another time", async () => {
    const { user, calls } = renderModal({ bookings: [{ id: 3, kitId: 7, startsAt: MONDAY_9 }] });
    const current = await screen.findByText(/Your call is booked for/);
    expect(current).toHaveTextContent(
      'Your call is booked for Monday 23 November at 9:00 am (Brisbane time). To move it, choose another time and book it.',
    );
    await user.selectOptions(screen.getByLabelText('Day'), 'Tuesday 24 November');
    await user.click(screen.getByRole('radio', { name: '9:00 am' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText(COACH_BOOKING_MESSAGES.booked(TUESDAY_9))).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ startsAt: TUESDAY_9 }]);
    expect(await screen.findByText('To move it, choose another time and book it.')).toBeVisible();
    expect(screen.queryByText(/Monday 23 November at 9:00 am/)).not.toBeInTheDocument();
  });

  it('says when the time was just taken, clears the choice and fetches the free times again', async () => {
    const taken = COACH_BOOKING_MESSAGES.taken;
    const { user, calls } = renderModal({
      post: () => ({ status: 409, body: { message: taken, code: 'CONFLICT' } }),
    });
    await user.click(await screen.findByRole('radio', { name: '9:15 am' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    expect(screen.getByRole('radio', { name: '9:15 am' })).not.toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book this time' })).toHaveFocus());
    expect(count(calls, 'GET /coach/slots')).toBe(2);
    expect(screen.queryByText(/is booked for/)).not.toBeInTheDocument();
  });

  it('says when booking is still locked', async () => {
    const locked = COACH_BOOKING_MESSAGES.locked;
    const { user } = renderModal({
      post: () => ({ status: 409, body: { message: locked, code: 'CONFLICT' } }),
    });
    await user.click(await screen.findByRole('radio', { name: '9:00 am' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(locked);
  });

  it('shows the message for a time that is not offered', async () => {
    const notASlot = COACH_BOOKING_MESSAGES.notASlot;
    const { user } = renderModal({
      post: () => ({ status: 400, body: { message: notASlot, code: 'INVALID' } }),
    });
    await user.click(await screen.findByRole('radio', { name: '9:00 am' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(notASlot);
  });

  it('asks for a time before booking', async () => {
    const { user, calls } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Book this time' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a time.');
    expect(screen.getByRole('group', { name: /Times on Monday/ })).toHaveAccessibleDescription(
      'Please choose a time.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('gives the support phone when no time is free', async () => {
    stubApi({
      'GET /coach/slots': { status: 200, body: { slots: [] } },
      'GET /coach/bookings': { status: 200, body: [] },
    });
    renderKits(<CoachBookingModal kit={KIT} open onClose={() => {}} />);
    expect(await screen.findByText(/There are no free times in the next two weeks/)).toBeVisible();
    expect(screen.getByRole('link', { name: '1300 974 621' })).toHaveAttribute('href', 'tel:1300974621');
    expect(screen.queryByRole('button', { name: 'Book this time' })).not.toBeInTheDocument();
  });

  it('closes with Close and with Escape', async () => {
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('CoachBookingModal with an external scheduling page', () => {
  it('embeds COACH_BOOKING_URL in a titled frame instead of the built-in scheduler', () => {
    const url = 'https://calendly.example.com/microbiome-coach';
    const { calls } = renderModal({ coachBookingUrl: url });
    const frame = screen.getByTitle('Book your Microbiome Coach call');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', url);
    expect(screen.getByRole('link', { name: 'Open the booking page in a new tab' })).toHaveAttribute(
      'href',
      url,
    );
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/coach'))).toEqual([]);
  });
});
