import type { AppType } from './config.ts';

export type NavEntry = { label: string; to: string };

/** Sidebar and mobile menu entries (spec consumer §2): some screens exist only for the customer portal. */
export function mainNavigation(appType: AppType): NavEntry[] {
  const entries: NavEntry[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: appType === 'RESEARCH' ? 'My Research' : 'My Kits', to: '/kits' },
  ];
  if (appType === 'CUSTOMER') {
    entries.push(
      { label: 'Questionnaires', to: '/surveys' },
      { label: 'Reports', to: '/reports' },
      { label: 'Coach', to: '/coach' },
    );
  }
  return entries;
}

export const MORE_NAVIGATION: NavEntry[] = [
  { label: 'My Profile', to: '/profile' },
  { label: 'Support', to: '/support' },
];

export function dashboardGreeting(firstName: string, guardian: boolean): string {
  return guardian ? `Welcome to ${firstName}'s Account!` : `Welcome ${firstName}!`;
}

export const DASHBOARD_TEXTS = {
  noNotifications: 'No notifications to display at present.',
  noKits: 'No kits to display at present.',
  /** The link of each notification (consumer §2: "a 'view' link"). */
  view: 'view',
} as const;
