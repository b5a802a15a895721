/**
 * Every path the web app answers (docs/product.md#screens-and-routes plus the pages a real product needs). The server answers these
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
  '/bookings/:id/visit',
  '/bookings/:id/backups',
  '/visits/:bookingId',
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
  '/circles',
  '/circles/invitations/:token',
  '/circles/:id',
  '/series/:id',
  '/plans/:plan',
  '/care-requests',
  '/care-requests/new',
  '/care-requests/:id',
  '/meetings',
  '/receipts',
  '/receipts/:number',
] as const;

const patterns = APP_ROUTES.map((r) => new RegExp(`^${r.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

/** True when the path (without query) is a page of the web app. */
export function isAppRoute(path: string): boolean {
  const clean = path.split(/[?#]/)[0] || '/';
  return patterns.some((p) => p.test(clean));
}

/**
 * The pages search engines should find, in the order sitemap.xml lists them. Caregiver profiles
 * (/caregiver/{id}) are listed too, one per bookable caregiver, by the server.
 */
export const INDEXABLE_PAGES = [
  '/',
  '/search',
  '/how-it-works',
  '/safety-trust',
  '/pricing',
  '/yaadcare-services',
  '/success-stories',
  '/caregiver-resources',
  '/support',
  '/signup',
  '/login',
  '/terms-of-service',
  '/terms-of-use',
  '/privacy-policy',
] as const satisfies readonly (typeof APP_ROUTES)[number][];

/**
 * Pages only a signed-in person can see (and the demo outbox): robots.txt asks crawlers to stay out.
 * A ':param' part becomes a path prefix ('/payment/').
 */
export const PRIVATE_PAGES = [
  '/dashboard',
  '/family-dashboard',
  '/caregiver-dashboard',
  '/caregiver-dashboard-enhanced',
  '/profile',
  '/messages',
  '/bookings',
  '/bookings/:id/visit',
  '/bookings/:id/backups',
  '/visits/:bookingId',
  '/earnings',
  '/caregiver-onboarding',
  '/background-check',
  '/booking-confirmation/:caregiverId',
  '/payment/:bookingId',
  '/chat/:userId',
  '/payment-settings',
  '/availability',
  '/settings',
  '/admin',
  '/dev/outbox',
  '/circles',
  '/circles/invitations/:token',
  '/circles/:id',
  '/series/:id',
  '/plans/:plan',
  '/care-requests',
  '/care-requests/new',
  '/care-requests/:id',
  '/meetings',
  '/receipts',
  '/receipts/:number',
] as const satisfies readonly (typeof APP_ROUTES)[number][];
