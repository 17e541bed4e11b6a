import { describe, expect, it } from 'vitest';
import { isSupportedBrowser } from './config.ts';
import { DASHBOARD_TEXTS, dashboardGreeting, mainNavigation } from './navigation.ts';

describe('mainNavigation', () => {
  it('shows every entry to customers', () => {
    expect(mainNavigation('CUSTOMER').map((e) => e.label)).toEqual([
      'Dashboard',
      'My Kits',
      'Questionnaires',
      'Reports',
      'Coach',
    ]);
  });
  it('labels kits My Research and hides customer-only screens for research', () => {
    expect(mainNavigation('RESEARCH').map((e) => e.label)).toEqual(['Dashboard', 'My Research']);
  });
});

describe('dashboardGreeting', () => {
  it('greets an adult', () => expect(dashboardGreeting('Ada', false)).toBe('Welcome Ada!'));
  it('greets a guardian account', () =>
    expect(dashboardGreeting('Sam', true)).toBe("Welcome to Sam's Account!"));
});

describe('DASHBOARD_TEXTS', () => {
  it('has the dashboard texts of consumer §2 word for word', () =>
    expect(DASHBOARD_TEXTS).toEqual({
      noNotifications: 'No notifications to display at present.',
      noKits: 'No kits to display at present.',
      view: 'view',
    }));
});

describe('isSupportedBrowser', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
      true,
    ],
    ['Mozilla/5.0 (Windows NT 10.0; rv:130.0) Gecko/20100101 Firefox/130.0', true],
    ['Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)', false],
  ])('%s', (ua, ok) => expect(isSupportedBrowser(ua)).toBe(ok));
});
