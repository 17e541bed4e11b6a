import { PROFILE_MESSAGES, REPORT_NOT_PERMITTED, UNDER_AGE_BANNERS, withBrand } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../lib/session.ts';
import { completeProfile, renderRoute, testConfig } from '../../test/render.tsx';
import { returnPath } from '../guards.tsx';
import { RESTRICTION_TEXTS } from '../research-profile-gate.tsx';

describe('Signed-in layout and route guards', () => {
  beforeEach(() => endSession(null));

  it('greets the user on the dashboard with the empty notification and kit texts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    renderRoute('/dashboard', { signedInAs: { ...completeProfile, firstName: 'Robin' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Robin!' })).toBeVisible();
    expect(await screen.findByText('No notifications to display at present.')).toBeVisible();
    expect(screen.getByText('No kits to display at present.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View my kits' })).toHaveAttribute('href', '/kits');
  });

  it("greets a guardian on their dependant's account", async () => {
    renderRoute('/dashboard', { signedInAs: { ...completeProfile, firstName: 'Mia', guardian: true } });
    expect(await screen.findByRole('heading', { level: 1, name: "Welcome to Mia's Account!" })).toBeVisible();
  });

  it('shows the customer navigation, the More entries and the version', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: completeProfile });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Dashboard', 'My Kits', 'Questionnaires', 'Reports', 'Coach']);
    await user.click(within(nav).getByRole('button', { name: 'More' }));
    expect(within(nav).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeVisible();
    expect(within(nav).getByText(`Version ${testConfig.version}`)).toBeVisible();
  });

  it('shows the logo, named by the brand, in the header', () => {
    renderRoute('/dashboard', { signedInAs: completeProfile, config: { brandName: 'Gut Health Co' } });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Gut Health Co' })).toHaveAttribute('href', '/dashboard');
  });

  it('labels the kits entry My Research and hides customer-only entries in the research portal', () => {
    renderRoute('/dashboard', { signedInAs: completeProfile, config: { appType: 'RESEARCH' } });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Research' })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Questionnaires' })).not.toBeInTheDocument();
  });

  it('keeps a research participant with an incomplete profile on My Profile, the sidebar disabled', async () => {
    renderRoute('/kits', { signedInAs: {}, config: { appType: 'RESEARCH' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    expect(screen.getByText(RESTRICTION_TEXTS.PROFILE_INCOMPLETE)).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'My Research' })).not.toBeInTheDocument();
    expect(within(nav).getByText('My Research')).toHaveAttribute('aria-disabled', 'true');
    // Signing out stays possible from the More menu.
    expect(within(nav).getByRole('button', { name: 'More' })).toBeEnabled();
  });

  it('restricts an under-age research participant without parental consent to the profile', async () => {
    renderRoute('/dashboard', {
      signedInAs: {
        ...completeProfile,
        underAge: true,
        // Under age by the date of birth, which decides over the flag (issue 36).
        dateOfBirth: '2012-01-01',
        parentConsented: false,
        guardianFirstName: 'Pat',
        guardianLastName: 'Parent',
      },
      config: { appType: 'RESEARCH' },
    });
    expect(await screen.findByText(RESTRICTION_TEXTS.PARENTAL_CONSENT)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });

  it('does not restrict an incomplete profile on the customer portal', () => {
    renderRoute('/kits', { signedInAs: {} });
    expect(screen.queryByText(RESTRICTION_TEXTS.PROFILE_INCOMPLETE)).not.toBeInTheDocument();
  });

  it('sends a customer with an incomplete profile from the dashboard to My Profile, saying why', async () => {
    const { location } = renderRoute('/dashboard?showModal=REDEEM&voucher=AAAA-BBBB-CCCC', {
      signedInAs: {},
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    expect(location().pathname).toBe('/profile');
    expect(location().state).toEqual({
      returnTo: '/dashboard?showModal=REDEEM&voucher=AAAA-BBBB-CCCC',
    });
    expect(screen.getByText(PROFILE_MESSAGES.completeToContinue)).toBeVisible();
  });

  it('shows the dashboard of a complete profile, without the note', async () => {
    renderRoute('/dashboard', { signedInAs: completeProfile });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Robin!' })).toBeVisible();
    expect(screen.queryByText(PROFILE_MESSAGES.completeToContinue)).not.toBeInTheDocument();
  });

  it('shows the site alert', () => {
    renderRoute('/dashboard', {
      signedInAs: completeProfile,
      config: { siteAlert: 'Planned outage on Sunday.' },
    });
    expect(screen.getByText('Planned outage on Sunday.')).toBeVisible();
  });

  it('tells a minor awaiting consent review, with the brand name', () => {
    renderRoute('/dashboard', {
      signedInAs: {
        ...completeProfile,
        underAge: true,
        // Under age by the date of birth, which decides over the flag (issue 36).
        dateOfBirth: '2012-01-01',
        guardianFirstName: 'Pat',
        guardianLastName: 'Tester',
        parentConsented: null,
      },
    });
    expect(screen.getByText(withBrand(UNDER_AGE_BANNERS.reviewing, testConfig.brandName))).toBeVisible();
    expect(screen.queryByRole('link', { name: UNDER_AGE_BANNERS.completeNow })).not.toBeInTheDocument();
  });

  it('asks a minor without consent to complete it in My Profile', () => {
    renderRoute('/dashboard', {
      signedInAs: {
        ...completeProfile,
        underAge: true,
        // Under age by the date of birth, which decides over the flag (issue 36).
        dateOfBirth: '2012-01-01',
        guardianFirstName: 'Pat',
        guardianLastName: 'Tester',
        parentConsented: false,
      },
    });
    expect(screen.getByText(UNDER_AGE_BANNERS.missing)).toBeVisible();
    expect(screen.getByRole('link', { name: UNDER_AGE_BANNERS.completeNow })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('sends a minor without consent from the reports to the not-allowed notice', async () => {
    const { location } = renderRoute('/reports', {
      signedInAs: {
        ...completeProfile,
        underAge: true,
        // Under age by the date of birth, which decides over the flag (issue 36).
        dateOfBirth: '2012-01-01',
        guardianFirstName: 'Pat',
        guardianLastName: 'Tester',
        parentConsented: false,
      },
    });
    expect(await screen.findByText(REPORT_NOT_PERMITTED)).toBeVisible();
    expect(location().pathname).toBe('/kits/notAllowed');
  });

  it('sends a signed-in user away from sign-in and registration', async () => {
    const { location } = renderRoute('/register', { signedInAs: completeProfile });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Robin!' })).toBeVisible();
    expect(location().pathname).toBe('/dashboard');
  });

  it('sends a signed-out visitor of a portal screen to sign-in', async () => {
    const { location } = renderRoute('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(location().pathname).toBe('/login');
  });

  it('sends an unknown path to the start page', async () => {
    const { location } = renderRoute('/no/such/page', { signedInAs: completeProfile });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Robin!' })).toBeVisible();
    expect(location().pathname).toBe('/dashboard');
  });
});

describe('returning after sign-in', () => {
  it.each([
    [{ from: '/dashboard?showModal=REDEEM' }, '/dashboard?showModal=REDEEM'],
    [{ from: '//evil.example/x' }, '/dashboard'],
    [{ from: 'https://evil.example' }, '/dashboard'],
    [null, '/dashboard'],
  ])('returns %o to %s', (state, path) => {
    expect(returnPath(state)).toBe(path);
  });
});
