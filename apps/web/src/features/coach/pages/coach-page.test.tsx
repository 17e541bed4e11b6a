import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { makeKit, makeSentKit, stubApi } from '../../../test/kits.tsx';
import { renderRoute } from '../../../test/render.tsx';

const complete = [{ surveyType: 'FOOD', totalQuestions: 4, completedQuestions: 4 }];
const halfDone = [{ surveyType: 'FOOD', totalQuestions: 4, completedQuestions: 2 }];
const results = { kitStatus: 'RESULTS_AVAILABLE', sampleStatus: 'RESULTS_AVAILABLE' };

const KITS = [
  makeKit({ id: 1, name: 'Spare kit' }),
  makeKit({ id: 2, name: 'At the lab', kitStatus: 'RECEIVED_BY_LAB', sampleStatus: 'RECEIVED_BY_LAB' }),
  makeKit({ id: 3, name: 'Questionnaires open', ...results, surveysStats: halfDone }),
  makeKit({ id: 4, name: 'Ready to book', ...results, surveysStats: complete }),
  makeKit({ id: 5, name: 'Booked already', ...results, surveysStats: complete }),
  makeKit({
    id: 6,
    name: 'Coached',
    kitStatus: 'MICROBIOME_COACH_SESSION_COMPLETED',
    sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED',
    sampleIdentifier: 'MBDONE6',
    surveysStats: complete,
  }),
];
const BOOKINGS = [{ id: 9, kitId: 5, startsAt: '2026-11-24T00:30:00.000Z' }];

function stub(kits = KITS) {
  return stubApi({
    'GET /kits': { status: 200, body: kits },
    'GET /kits/sent': { status: 200, body: [makeSentKit({ kitId: 31, receiverEmail: 'sam@example.com' })] },
    'GET /coach/bookings': { status: 200, body: BOOKINGS },
    'GET /coach/slots': { status: 200, body: { slots: ['2026-11-23T00:00:00.000Z'] } },
  });
}

beforeEach(() => {
  endSession(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const kit = (name: string) => screen.getByRole('article', { name });

describe('Microbiome Coach page', () => {
  it('explains the 15-minute call, when booking unlocks, the 85% advice and phoning for several reports', async () => {
    stub();
    renderRoute('/coach', { signedInAs: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Microbiome Coach' })).toBeVisible();
    expect(screen.getByText('A 15-minute Microbiome Coach call is included with each kit.')).toBeVisible();
    expect(
      screen.getByText(
        /Booking unlocks automatically once your results are available and your questionnaires are 100% complete\./,
        {
          selector: '.coach-intro p',
        },
      ),
    ).toBeVisible();
    expect(
      screen.getByText('More than 85% completion is needed to get value from a coach session.'),
    ).toBeVisible();
    const families = screen.getByText(/Families with several reports must phone support on/);
    expect(families).toHaveTextContent(
      'Families with several reports must phone support on 1300 974 621 to book consecutive 15-minute slots.',
    );
    expect(within(families).getByRole('link', { name: '1300 974 621' })).toHaveAttribute(
      'href',
      'tel:1300974621',
    );
    await screen.findByRole('article', { name: 'Spare kit' });
  });

  it('has four help cards', async () => {
    stub();
    renderRoute('/coach', { signedInAs: {} });
    const help = screen.getByRole('region', { name: 'About your coach call' });
    expect(
      within(help)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['What the call covers', 'How to prepare', 'When you can book', 'Booking several reports']);
    await screen.findByRole('article', { name: 'Spare kit' });
  });

  it("shows each kit's coach state and its booked call", async () => {
    stub();
    renderRoute('/coach', { signedInAs: {} });
    expect(screen.getByRole('tab', { name: 'Kits in My Journey' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('article', { name: 'Spare kit' });
    expect(
      within(kit('At the lab')).getByText('Coach booking opens once the results of this kit are available.'),
    ).toBeVisible();
    expect(within(kit('Questionnaires open')).getByRole('button', { name: 'How to book' })).toBeVisible();
    expect(within(kit('Ready to book')).getByRole('button', { name: 'Book now!' })).toBeVisible();
    expect(within(kit('Ready to book')).queryByText(/Your call is booked for/)).not.toBeInTheDocument();
    expect(await within(kit('Booked already')).findByText(/Your call is booked for/)).toHaveTextContent(
      'Your call is booked for Tuesday 24 November at 10:30 am (Brisbane time).',
    );
    // The coached kit's report is the latest, so there is nothing to compare it with (issue 21).
    expect(within(kit('Coached')).getByRole('link', { name: 'View your report' })).toHaveAttribute(
      'href',
      '/report?samples=MBDONE6',
    );
    expect(within(kit('Spare kit')).getByRole('button', { name: 'Send this kit to me now' })).toBeVisible();
  });

  it('opens the coach information from How to book', async () => {
    stub();
    const { user } = renderRoute('/coach', { signedInAs: {} });
    await user.click(
      await within(await screen.findByRole('article', { name: 'Questionnaires open' })).findByRole('button', {
        name: 'How to book',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'How to book your Microbiome Coach session' })).toBeVisible();
  });

  it('opens the booking of that kit from Book now!', async () => {
    stub();
    const { user } = renderRoute('/coach', { signedInAs: {} });
    await user.click(
      within(await screen.findByRole('article', { name: 'Ready to book' })).getByRole('button', {
        name: 'Book now!',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Book your Microbiome Coach call' });
    expect(within(dialog).getByText(/about the report of Ready to book\./)).toBeVisible();
    expect(await within(dialog).findByRole('radio', { name: '10:00 am' })).toBeVisible();
  });

  it('books the next kit without a call from Make Appointment', async () => {
    stub();
    const { user } = renderRoute('/coach', { signedInAs: {} });
    await screen.findByRole('article', { name: 'Spare kit' });
    await user.click(await screen.findByRole('button', { name: 'Make Appointment' }));
    expect(within(screen.getByRole('dialog')).getByText(/about the report of Ready to book\./)).toBeVisible();
  });

  it('offers no Make Appointment while no kit can be booked', async () => {
    stub(KITS.slice(0, 3));
    renderRoute('/coach', { signedInAs: {} });
    await screen.findByRole('article', { name: 'Questionnaires open' });
    expect(screen.queryByRole('button', { name: 'Make Appointment' })).not.toBeInTheDocument();
  });

  it('points to My Profile for managing subscriptions', async () => {
    stub();
    const { user } = renderRoute('/coach', { signedInAs: {} });
    const toggle = screen.getByRole('button', { name: 'Manage subscription' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/profile');
    await screen.findByRole('article', { name: 'Spare kit' });
  });

  it('lists the kits given to others in their tab', async () => {
    stub();
    const { user } = renderRoute('/coach', { signedInAs: {} });
    await user.click(screen.getByRole('tab', { name: 'Kits Given to Others' }));
    expect(await screen.findByText('sam@example.com')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeVisible();
  });
});
