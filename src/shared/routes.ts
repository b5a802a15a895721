/**
 * Every path the web app answers (spec §2 plus the pages a real product needs). The server answers these
 * with the app's HTML and status 200; any other non-API path gets the app's 404 page with status 404.
 */
export const APP_ROUTES = [
  '/',
  '/search',
  '/caregiver/:id',
  '/dashboard',
  '/family-dashboard',
  '/caregiver-dashboard',
  '/caregiver-dashboard-enhanced',
  '/profile',
  '/messages',
  '/bookings',
  '/earnings',
  '/support',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/caregiver-onboarding',
  '/how-it-works',
  '/safety-trust',
  '/pricing',
  '/caregiver-resources',
  '/success-stories',
  '/background-check',
  '/terms-of-service',
  '/privacy-policy',
  '/terms-of-use',
  '/yaadcare-services',
  '/booking-confirmation/:caregiverId',
  '/payment/:bookingId',
  '/chat/:userId',
  '/payment-settings',
  '/availability',
  '/settings',
  '/admin',
  '/dev/outbox',
] as const;

const patterns = APP_ROUTES.map((r) => new RegExp(`^${r.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

/** True when the path (without query) is a page of the web app. */
export function isAppRoute(path: string): boolean {
  const clean = path.split(/[?#]/)[0] || '/';
  return patterns.some((p) => p.test(clean));
}
