import {
  INVALID_EMAIL_MESSAGE,
  RECRUITMENT_STAFF_MESSAGES,
  type StaffCandidateRow,
  type StaffRecruitmentDetail,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStaff, shownMessages } from '../../../test/staff.tsx';
import { type Reply, replyError, stubApi } from '../../../test/stub-api.ts';
import { CandidatesPanel } from '../components/candidates-panel.tsx';
import { RecruitmentsPage } from './recruitments-page.tsx';

const recruitment = (id: number, title: string): StaffRecruitmentDetail => ({
  id,
  title,
  terminated: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  consents: 1,
  candidates: 0,
  unsubscribed: 0,
  chain: [],
});
const next = (replies: Reply[]) => () => replies.shift() ?? replyError(500, 'No reply left');

describe('RecruitmentsPage: one message, the latest submit’s (issue 34 item 19)', () => {
  it('replaces a success with a refusal, the refusal with the form’s own errors, and those with a success', async () => {
    const calls = stubApi({
      'GET /api/staff/recruitments': () => ({
        status: 200,
        body: { recruitments: [recruitment(1, 'Gut health 2026')], next: null },
      }),
      'POST /api/staff/recruitments': next([
        { status: 201, body: recruitment(2, 'Infant study') },
        replyError(400, RECRUITMENT_STAFF_MESSAGES.emptyAfterCleaning, 'VALIDATION'),
        { status: 201, body: recruitment(3, 'Elders study') },
      ]),
    });
    const { user } = renderStaff(<RecruitmentsPage />, { path: '/staff/recruitments' });
    await screen.findByRole('link', { name: 'Gut health 2026' });
    const form = screen.getByRole('form', { name: 'New recruitment' });
    const consent = within(form).getByRole('group', { name: 'Consent 1' });
    const create = async (title: string, text: string) => {
      await user.clear(within(form).getByLabelText('Recruitment title'));
      if (title) await user.type(within(form).getByLabelText('Recruitment title'), title);
      await user.clear(within(consent).getByLabelText('Title'));
      await user.type(within(consent).getByLabelText('Title'), 'Taking part');
      await user.clear(within(consent).getByLabelText('Text (HTML)'));
      await user.type(within(consent).getByLabelText('Text (HTML)'), text);
      await user.click(within(form).getByRole('button', { name: 'Create recruitment' }));
    };

    await create('Infant study', '<p>We ask for one sample.</p>');
    await waitFor(() => expect(shownMessages()).toEqual(['Recruitment created: Infant study.']));

    await create('Odd words', '<blink>');
    await waitFor(() => expect(shownMessages()).toEqual([RECRUITMENT_STAFF_MESSAGES.emptyAfterCleaning]));

    // No title: refused here, before anything is sent; the server's refusal of the last submit goes.
    await create('', '<p>We ask for one sample.</p>');
    expect(shownMessages()).toEqual([
      'Please correct the highlighted fields.',
      RECRUITMENT_STAFF_MESSAGES.titleRequired,
    ]);

    await create('Elders study', '<p>We ask for one sample.</p>');
    await waitFor(() => expect(shownMessages()).toEqual(['Recruitment created: Elders study.']));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3);
  });
});

describe('CandidatesPanel: one message, the latest invitation’s (issue 34 item 19)', () => {
  it('replaces the links of an invited candidate with the next refusal, and the refusal with the next links', async () => {
    const candidates: StaffCandidateRow[] = [];
    stubApi({
      'GET /api/staff/recruitments/7/candidates': () => ({ status: 200, body: { candidates, next: null } }),
      'POST /api/staff/recruitments/7/candidates': next([
        {
          status: 201,
          body: {
            id: 'c-1',
            consentLink: 'https://portal.test/consent/a',
            unsubscribeLink: 'https://portal.test/u/a',
          },
        },
        replyError(409, RECRUITMENT_STAFF_MESSAGES.candidateExists, 'CONFLICT'),
        {
          status: 201,
          body: {
            id: 'c-2',
            consentLink: 'https://portal.test/consent/b',
            unsubscribeLink: 'https://portal.test/u/b',
          },
        },
      ]),
    });
    const { user } = renderStaff(<CandidatesPanel recruitmentId={7} />);
    await screen.findByText('No candidate yet.');
    const form = screen.getByRole('form', { name: 'Invite a candidate' });
    const invite = async (email: string) => {
      for (const label of ["Candidate's email", 'First name', 'Last name'])
        await user.clear(within(form).getByLabelText(label));
      await user.type(within(form).getByLabelText("Candidate's email"), email);
      await user.type(within(form).getByLabelText('First name'), 'Cam');
      await user.type(within(form).getByLabelText('Last name'), 'Candidate');
      await user.click(within(form).getByRole('button', { name: 'Invite the candidate' }));
    };
    /** The one message shown is the success with this invitation's links (title and links in one alert). */
    const onlyLinks = (key: string) => {
      const shown = shownMessages();
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatch(/^Candidate invited: send them these links/);
      expect(shown[0]).toContain(`Consent: https://portal.test/consent/${key}`);
      expect(shown[0]).toContain(`Unsubscribe: https://portal.test/u/${key}`);
    };

    await invite('cam@example.com');
    await waitFor(() => onlyLinks('a'));
    await invite('cam@example.com');
    await waitFor(() => expect(shownMessages()).toEqual([RECRUITMENT_STAFF_MESSAGES.candidateExists]));
    // No email: refused here, before anything is sent; the server's refusal of the last invitation goes.
    await user.clear(within(form).getByLabelText("Candidate's email"));
    await user.click(within(form).getByRole('button', { name: 'Invite the candidate' }));
    expect(shownMessages()).toEqual([INVALID_EMAIL_MESSAGE]);
    await invite('kim@example.com');
    await waitFor(() => onlyLinks('b'));
  });
});
