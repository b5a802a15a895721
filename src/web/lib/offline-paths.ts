/**
 * The pages the service worker (src/web/visit-sw.ts) opens offline: the visit screen, and the signed-in
 * app's pages (those behind the sign-in guard, src/web/app/routes.tsx), which show the offline page when
 * there is no network. Public pages are not listed: they are server-rendered and go to the network.
 */
export const VISIT_SCREEN_PATH = /^\/visits\/\d+\/?$/;

const SIGNED_IN_PAGES = [
  'dashboard',
  'family-dashboard',
  'caregiver-dashboard',
  'caregiver-dashboard-enhanced',
  'profile',
  'messages',
  'bookings',
  'earnings',
  'caregiver-onboarding',
  'background-check',
  'booking-confirmation',
  'payment',
  'chat',
  'payment-settings',
  'availability',
  'settings',
  'series',
  'care-requests',
  'plans',
  'admin',
];

export const APP_SHELL_PATHS: RegExp[] = [
  new RegExp(`^/(${SIGNED_IN_PAGES.join('|')})(/[\\w-]+)*/?$`),
  // A care circle's pages, but not an invitation's link (open to visitors).
  /^\/circles(\/\d+)?\/?$/,
];

/** Whether the worker opens this path offline (tests and the offline page use it). */
export const opensOffline = (path: string) =>
  VISIT_SCREEN_PATH.test(path) || APP_SHELL_PATHS.some((p) => p.test(path));
