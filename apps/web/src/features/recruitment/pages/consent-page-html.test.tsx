import { THANKS_DELAY_MS } from '@portal/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import { consentOf, consentPath, stubRecruitmentApi } from '../recruitment.test-helpers.ts';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

// A study's title and thank-you may be formatted like its consent body; the API has sanitised them.
const CONSENT = consentOf({
  title: 'Consent to the <b>Soup</b> study',
  url: 'https://example.org/consent.pdf',
  nextConsentId: null,
  thanksResponse: '<p>Thank you, <i>Ana</i>.</p>',
});

describe('Research consent page, formatted title and thank-you', () => {
  it('renders the title and thank-you (sanitised by the API) as HTML, never as literal tags', async () => {
    stubRecruitmentApi({
      [`GET /api${consentPath(CONSENT.id)}`]: () => ({ status: 200, body: CONSENT }),
      [`PUT /api${consentPath(CONSENT.id)}`]: () => ({
        status: 200,
        body: { nextConsentId: null, thanksResponse: CONSENT.thanksResponse },
      }),
    });
    const { user, container } = renderRoute(consentPath(CONSENT.id));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Consent to the Soup study' });
    expect(heading.querySelector('b')).toHaveTextContent('Soup');
    expect(heading.innerHTML).not.toMatch(/&lt;/);
    expect(screen.getByRole('form', { name: 'Consent to the Soup study' })).toBeVisible();
    expect(screen.getByTitle(RECRUITMENT_TEXTS.pdfTitle('Consent to the Soup study'))).toBeVisible();

    await user.click(screen.getByRole('radio', { name: CONSENT.agreeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const thanks = await screen.findByText('Ana', undefined, { timeout: THANKS_DELAY_MS + 2000 });
    expect(thanks.tagName).toBe('I');
    expect(screen.getByText(/Thank you,/)).toBeVisible();
    expect(container.innerHTML).not.toMatch(/&lt;/);
  });
});
