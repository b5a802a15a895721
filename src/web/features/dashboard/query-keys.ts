/**
 * The dashboards' query keys, on their own so that features which only invalidate a dashboard (favourites,
 * reviews) do not pull the dashboard's fetchers, and through them the bookings api, into their pages' first
 * load (the home page's hearts did: +5 KB gzipped).
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  caregiver: ['dashboard', 'caregiver'] as const,
  family: ['dashboard', 'family'] as const,
};
