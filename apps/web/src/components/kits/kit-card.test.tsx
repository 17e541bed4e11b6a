import { KIT_MESSAGES, KIT_SUMMARY_TEXTS, type Kit, type PublicConfig } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TIMELINE_RETRIES } from '../../lib/kits-api.ts';
import { preloadPages } from '../../lib/lazy-load.tsx';
import { type ApiCall, makeKit, renderKits, stubApi } from '../../test/kits.tsx';
import { KitCard } from './kit-card.tsx';

const EVENTS = [
  { eventType: 'PURCHASED', date: '2024-05-01', dateTime: '2024-05-01T01:00:00.000Z' },
  { eventType: 'DISPATCHED_BY_LAB', date: '2024-05-03', dateTime: '2024-05-03T01:00:00.000Z' },
];

/** The card of `kit`, with the API answering its timeline and its changes. */
function renderCard(
  kit: Kit,
  {
    props = {},
    routes = {},
    config = {},
  }: {
    props?: Partial<Parameters<typeof KitCard>[0]>;
    routes?: Parameters<typeof stubApi>[0];
    config?: Partial<PublicConfig>;
  } = {},
) {
  let current = kit;
  const calls = stubApi({
    [`GET /kits/${kit.id}/timeline`]: { status: 200, body: EVENTS },
    'GET /kits': () => ({ status: 200, body: [current] }),
    [`PUT /kits/${kit.id}`]: (call: ApiCall) => {
      current = { ...current, ...(call.body as Partial<Kit>) };
      return { status: 200, body: current };
    },
    ...routes,
  });
  const handlers = { onSelectOption: vi.fn(), onCoachInfo: vi.fn(), onToggle: vi.fn() };
  const rendered = renderKits(<KitCard kit={kit} expanded {...handlers} {...props} />, { config });
  return { ...rendered, calls, ...handlers };
}

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

// A card's details are a lazy chunk (kit-card.tsx); the tests render open cards at once.
beforeAll(() => preloadPages());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('KitCard', () => {
  it('shows the name or KIT-{id}, the ids and the status text', () => {
    renderCard(makeKit({ id: 7, kitStatus: 'RECEIVED_BY_LAB', sampleIdentifier: 'MB12345678' }));
    const card = screen.getByRole('article', { name: 'KIT-7' });
    expect(card).toHaveAttribute('id', 'kit-7');
    expect(within(card).getByText('MB12345678')).toBeVisible();
    expect(within(card).getByText('Received by Microbiome Lab')).toBeVisible();
  });

  it('says the status details are missing for an unknown status', () => {
    renderCard(makeKit({ kitStatus: 'SOMETHING_NEW' }));
    expect(screen.getByText(KIT_MESSAGES.statusMissing)).toBeVisible();
  });

  it('renames a kit with a characters-left counter and at most 32 characters', async () => {
    const { user, calls } = renderCard(makeKit({ id: 5 }));
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const input = screen.getByLabelText('Kit name');
    expect(input).toHaveFocus();
    expect(screen.getByText('32 characters left')).toBeVisible();
    await user.type(input, 'Morning sample');
    expect(screen.getByText('18 characters left')).toBeVisible();
    await user.type(input, ' and a very long tail that does not fit');
    expect(input).toHaveValue('Morning sample and a very long t');
    expect(screen.getByText('0 characters left')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Kit name saved.')).toBeVisible();
    expect(puts(calls)).toEqual([{ name: 'Morning sample and a very long t', was: { name: null } }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename' })).toHaveFocus());
  });

  it('shows the server message when a rename is refused', async () => {
    const { user } = renderCard(makeKit({ id: 5 }), {
      routes: {
        'PUT /kits/5': { status: 404, body: { message: KIT_MESSAGES.kitNotFound, code: 'NOT_FOUND' } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.type(screen.getByLabelText('Kit name'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_MESSAGES.kitNotFound);
    expect(screen.getByLabelText('Kit name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for a referral code when Apply is pressed with none', async () => {
    const { user, calls } = renderCard(makeKit());
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_MESSAGES.referralRequired);
    await user.type(screen.getByLabelText('Referral code'), 'REF-');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(KIT_MESSAGES.referralRequired);
    expect(calls.filter((c) => c.path.startsWith('/referral-codes'))).toEqual([]);
  });

  it('applies a referral code without its REF- prefix and names the practitioner', async () => {
    const { user, calls } = renderCard(makeKit({ id: 9 }), {
      routes: {
        'GET /referral-codes/DRJANE1': { status: 200, body: { name: 'Jane Doe', referralCode: 'DRJANE1' } },
      },
    });
    await user.type(screen.getByLabelText('Referral code'), 'ref-drjane1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('Referral code applied. Your practitioner is Jane Doe.'),
    ).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ referralCode: 'DRJANE1' }]);
  });

  it('shows the server message for an unknown referral code and changes nothing', async () => {
    const { user, calls } = renderCard(makeKit(), {
      routes: {
        'GET /referral-codes/NOPE': {
          status: 404,
          body: { message: KIT_MESSAGES.referralUnknown, code: 'NOT_FOUND' },
        },
      },
    });
    await user.type(screen.getByLabelText('Referral code'), 'REFNOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_MESSAGES.referralUnknown);
    expect(puts(calls)).toEqual([]);
  });

  it('looks a referral code up once for a double click on Apply', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, calls } = renderCard(makeKit(), {
      routes: {
        'GET /referral-codes/DRJANE1': async () => {
          await held;
          return { status: 200, body: { name: 'Jane Doe', referralCode: 'DRJANE1' } };
        },
      },
    });
    await user.type(screen.getByLabelText('Referral code'), 'DRJANE1');
    const apply = screen.getByRole('button', { name: 'Apply' });
    // Two clicks with nothing awaited between them: the second finds the button busy.
    fireEvent.click(apply);
    fireEvent.click(apply);
    await waitFor(() => expect(apply).toBeDisabled());
    release();
    expect(
      await screen.findByText('Referral code applied. Your practitioner is Jane Doe.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/referral-codes/DRJANE1')).toHaveLength(1);
    expect(puts(calls)).toEqual([{ referralCode: 'DRJANE1' }]);
  });

  it('removes an applied referral code by sending null', async () => {
    const { user, calls } = renderCard(makeKit({ id: 9, referralCode: 'DRJANE1', referralName: 'Jane Doe' }));
    expect(screen.getByText(/Referral code DRJANE1/)).toBeVisible();
    expect(screen.getByText(/Practitioner: Jane Doe/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Referral code removed.')).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ referralCode: null }]);
  });

  it('saves notes', async () => {
    const { user, calls } = renderCard(makeKit({ id: 3, notes: 'Before' }));
    const notes = screen.getByLabelText('Notes');
    expect(notes).toHaveValue('Before');
    await user.clear(notes);
    await user.type(notes, 'Took antibiotics in April');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Notes saved.')).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ notes: 'Took antibiotics in April', was: { notes: 'Before' } }]);
  });

  it('marks the reached timeline steps, with their dates', async () => {
    renderCard(makeKit());
    const steps = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Kit Purchased, done1 May 2024',
      'Preparing your order, done',
      'Kit dispatched, done3 May 2024',
      'Sample received by lab, not yet',
      'Lab is processing, not yet',
      'Report available, not yet',
      'Book a Microbiome Coach session, not yet',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((s) => s.classList.contains('kit-step-active'))).toHaveLength(3);
  });

  it('says how long the report takes while the sample is at the lab, and not before or after', () => {
    const atLab = renderCard(makeKit({ kitStatus: 'PROCESSING', sampleStatus: 'ACCESSIONING' }));
    expect(
      screen.getByText('A report usually takes about 4 weeks after the lab receives the sample.'),
    ).toBeVisible();
    atLab.unmount();
    const onTheWay = renderCard(makeKit({ kitStatus: 'DISPATCHED_BY_LAB', sampleStatus: null }));
    expect(screen.queryByText(KIT_MESSAGES.reportTiming)).not.toBeInTheDocument();
    onTheWay.unmount();
    renderCard(makeKit({ kitStatus: 'RESULTS_AVAILABLE', sampleStatus: 'RESULTS_AVAILABLE' }));
    expect(screen.queryByText(KIT_MESSAGES.reportTiming)).not.toBeInTheDocument();
  });

  it('says when the timeline could not be loaded', async () => {
    renderCard(makeKit({ id: 4 }), {
      routes: { 'GET /kits/4/timeline': { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } } },
    });
    expect(await screen.findByText(KIT_MESSAGES.timelineFailed)).toBeVisible();
  });

  it('says so in the card after one retry when the timeline answers 500, and asks no more', async () => {
    const { calls } = renderCard(makeKit({ id: 4 }), {
      routes: { 'GET /kits/4/timeline': { status: 500, body: { message: 'Boom', code: 'INTERNAL_ERROR' } } },
    });
    expect(await screen.findByText(KIT_MESSAGES.timelineFailed, {}, { timeout: 4000 })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.filter((c) => c.path === '/kits/4/timeline')).toHaveLength(1 + TIMELINE_RETRIES);
  });

  it('offers Select option for a kit not sent yet, which the send-later message names', async () => {
    const kit = makeKit({ id: 11, kitStatus: 'ASSIGNED', redeemedDate: '2024-05-01T00:00:00.000Z' });
    const { user, onSelectOption } = renderCard(kit);
    expect(KIT_MESSAGES.sendLater).toContain('"Select option"');
    await user.click(screen.getByRole('button', { name: 'Select option' }));
    expect(onSelectOption).toHaveBeenCalledWith(kit);
  });

  it('offers no choice for a project whose kits the study team hands out and that cannot be given', () => {
    renderCard(
      makeKit({
        givingAllowed: false,
        project: { id: 2, name: 'Study', logisticType: 'CLIENT_MANAGED', resultDeliveryType: null },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Select option' })).not.toBeInTheDocument();
    expect(screen.getByText(KIT_SUMMARY_TEXTS.handedOut)).toBeVisible();
  });

  it('offers no choice once a kit is on its way', () => {
    renderCard(makeKit({ kitStatus: 'DISPATCHED_BY_LAB' }));
    expect(screen.queryByRole('button', { name: 'Select option' })).not.toBeInTheDocument();
    expect(screen.getByText(KIT_SUMMARY_TEXTS.onItsWay)).toBeVisible();
  });
});

describe('KitCard summary', () => {
  it('shows name, status, next step and one action, and asks for the timeline only when opened', async () => {
    const { calls, onToggle, user } = renderCard(makeKit({ id: 12, name: 'Spare' }), {
      props: { expanded: false },
    });
    const card = screen.getByRole('article', { name: 'Spare' });
    expect(within(card).getByText('Kit Available')).toBeVisible();
    expect(within(card).getByText(KIT_SUMMARY_TEXTS.choose)).toBeVisible();
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Select option', 'Show details']);
    const toggle = within(card).getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).not.toBeVisible();
    expect(within(card).queryByLabelText('Notes')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(onToggle).toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/kits/12/timeline')).toHaveLength(0);
  });

  it.each([
    [
      'a replaced kit names its replacement',
      { kitStatus: 'REPLACED', sampleStatus: 'FAILED_OVERLOADED', replacedByKitId: 41 },
      'Replaced by KIT-41',
    ],
    [
      'a refunded kit with results shows them',
      { kitStatus: 'REFUNDED', sampleStatus: 'RESULTS_AVAILABLE' },
      'Results Available',
    ],
  ])('%s, never that the status details are missing', (_, statuses, line) => {
    renderCard(makeKit(statuses));
    expect(screen.getByText(line)).toBeVisible();
    expect(screen.queryByText(KIT_MESSAGES.statusMissing)).not.toBeInTheDocument();
  });
});

describe('KitCard status badge', () => {
  it.each([
    [{ kitStatus: 'UNASSIGNED' }, 'Kit Available', 'badge-accent'],
    [{ kitStatus: 'DISPATCHED_BY_LAB' }, 'Sent', 'badge-info'],
    [
      { kitStatus: 'RECEIVED_BY_LAB', sampleStatus: 'RECEIVED_BY_LAB' },
      'Received by Microbiome Lab',
      'badge-primary',
    ],
    [{ kitStatus: 'REFUNDED', sampleStatus: 'RESULTS_AVAILABLE' }, 'Results Available', 'badge-success'],
    [{ kitStatus: 'FAILED_OVERLOADED', sampleStatus: 'FAILED_OVERLOADED' }, 'Error', 'badge-error'],
    [
      { kitStatus: 'REPLACED', sampleStatus: 'FAILED_OVERLOADED', replacedByKitId: 41 },
      'Replaced by KIT-41',
      'badge-neutral',
    ],
  ])('shows %o as the spec text in a badge of its colour', (statuses, text, tone) => {
    renderCard(makeKit(statuses), { props: { expanded: false } });
    const badge = screen.getByText(text);
    expect(badge).toHaveClass('badge', tone);
    expect(badge.closest('dd')).toHaveAttribute('data-status', statuses.kitStatus);
  });
});

describe('KitCard replacement request', () => {
  const failed = makeKit({ id: 21, kitStatus: 'FAILED_UNDERLOADED', sampleStatus: 'FAILED_UNDERLOADED' });

  it('explains a failed sample and gives the support phone without an order flow', () => {
    renderCard(failed);
    expect(screen.getByRole('heading', { name: 'Your sample could not be analysed' })).toBeVisible();
    expect(screen.getByText(/at the replacement price of \$35\.00/)).toBeVisible();
    expect(screen.getByText(/please call us on 1300 974 621/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Order a replacement kit' })).not.toBeInTheDocument();
  });

  it('orders a replacement through the given handler', async () => {
    const onRequestReplacement = vi.fn();
    const { user } = renderCard(failed, { props: { onRequestReplacement } });
    await user.click(screen.getByRole('button', { name: 'Order a replacement kit' }));
    expect(onRequestReplacement).toHaveBeenCalledWith(failed);
  });

  it.each([
    ['a processing failure', { kitStatus: 'FAILED_PROCESSING', sampleStatus: 'FAILED_PROCESSING' }],
    ['a replaced kit', { kitStatus: 'REPLACED', sampleStatus: 'FAILED_OVERLOADED' }],
    ['a kit at the lab', { kitStatus: 'RECEIVED_BY_LAB', sampleStatus: 'RECEIVED_BY_LAB' }],
  ])('is not offered for %s', (_, statuses) => {
    renderCard(makeKit(statuses));
    expect(screen.queryByText('Your sample could not be analysed')).not.toBeInTheDocument();
  });
});

describe('KitCard coach tile and report', () => {
  const complete = [{ surveyType: 'FOOD', totalQuestions: 10, completedQuestions: 10 }];

  it('has no tile and no report before results', () => {
    renderCard(makeKit({ kitStatus: 'PROCESSING', sampleStatus: 'ACCESSIONING' }));
    expect(screen.queryByRole('heading', { name: 'Microbiome Coach' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View report' })).not.toBeInTheDocument();
  });

  it('is grey with How to book, opening the coach information, while questionnaires are open', async () => {
    const { user, onCoachInfo, container } = renderCard(
      makeKit({
        kitStatus: 'RESULTS_AVAILABLE',
        sampleStatus: 'RESULTS_AVAILABLE',
        sampleIdentifier: 'MBX1',
      }),
    );
    expect(container.querySelector('.coach-tile')).toHaveAttribute('data-state', 'HOW_TO');
    await user.click(screen.getByRole('button', { name: 'How to book' }));
    expect(onCoachInfo).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'View report' })).toHaveAttribute('href', '/report?samples=MBX1');
  });

  it('is green with Book now! once the questionnaires are complete, opening the booking', async () => {
    const { container, user } = renderCard(
      makeKit({ kitStatus: 'RESULTS_AVAILABLE', sampleStatus: 'RESULTS_AVAILABLE', surveysStats: complete }),
      {
        routes: {
          'GET /coach/slots': { status: 200, body: { slots: ['2026-11-23T00:00:00.000Z'] } },
          'GET /coach/bookings': { status: 200, body: [] },
        },
      },
    );
    expect(container.querySelector('.coach-tile')).toHaveClass('coach-tile-book');
    const book = screen.getByRole('button', { name: 'Book now!' });
    await user.click(book);
    const dialog = screen.getByRole('dialog', { name: 'Book your Microbiome Coach call' });
    expect(await within(dialog).findByRole('radio', { name: '10:00 am' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(book).toHaveFocus();
  });

  const coached = makeKit({
    id: 31,
    kitStatus: 'MICROBIOME_COACH_SESSION_COMPLETED',
    sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED',
    sampleIdentifier: 'MBX2',
    displayDate: '2024-03-01',
  });

  it('is blue after the session, opening the report when there is no later one to compare with', async () => {
    const { container } = renderCard(coached);
    expect(container.querySelector('.coach-tile')).toHaveClass('coach-tile-completed');
    const tile = container.querySelector('.coach-tile') as HTMLElement;
    expect(await within(tile).findByRole('link', { name: 'View your report' })).toHaveAttribute(
      'href',
      '/report?samples=MBX2',
    );
    expect(screen.queryByRole('link', { name: 'Compare your reports' })).not.toBeInTheDocument();
  });

  it('compares with the later report when there is one', async () => {
    const later = makeKit({
      id: 32,
      kitStatus: 'RESULTS_AVAILABLE',
      sampleStatus: 'RESULTS_AVAILABLE',
      sampleIdentifier: 'MBX3',
      displayDate: '2024-09-01',
    });
    renderCard(coached, { routes: { 'GET /kits': { status: 200, body: [later, coached] } } });
    expect(await screen.findByRole('link', { name: 'Compare your reports' })).toHaveAttribute(
      'href',
      '/report?samples=MBX2&samples=MBX3',
    );
  });
});

describe('KitCard questionnaires', () => {
  it('shows questionnaire progress from the stats', () => {
    renderCard(
      makeKit({
        surveysStats: [
          { surveyType: 'FOOD', totalQuestions: 10, completedQuestions: 4 },
          { surveyType: 'EXERCISE', totalQuestions: 5, completedQuestions: 5 },
        ],
      }),
    );
    expect(screen.getByText('9 of 15 questions answered')).toBeVisible();
  });

  it('shows nothing while a kit has no questionnaire stats', () => {
    renderCard(makeKit());
    expect(screen.queryByRole('heading', { name: 'Questionnaires' })).not.toBeInTheDocument();
  });

  it('opens the infant questionnaire in a new tab with the surveyResultId and the access token', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const kit = makeKit({
      surveyResultId: 'sr-1',
      surveysStats: [{ surveyType: 'FOOD', totalQuestions: 10, completedQuestions: 4 }],
    });
    const { user } = renderCard(kit, { config: { infantSurveyUrl: 'https://infant.example.com/q' } });
    await user.click(screen.getByRole('button', { name: 'Open Questionnaires' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(open.mock.calls[0]?.[0]).toBe('https://infant.example.com/q?surveyResultId=sr-1&token=test-token');
    expect(open.mock.calls[0]?.[1]).toBe('_blank');
    expect(screen.queryByText(/questions answered/)).not.toBeInTheDocument();
  });

  it('explains when the infant questionnaire is not available', () => {
    renderCard(makeKit({ surveyResultId: 'sr-1' }));
    expect(screen.queryByRole('button', { name: 'Open Questionnaires' })).not.toBeInTheDocument();
    expect(screen.getByText(/not available online/)).toBeVisible();
  });
});
