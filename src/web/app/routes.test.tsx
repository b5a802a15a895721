// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ROUTES } from '../../shared/routes';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import { AppRoutes } from './routes';

const GUARDED = new Set([
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
  '/circles',
  '/circles/:id',
  '/series/:id',
  '/plans/:plan',
  '/receipts',
  '/receipts/:number',
]);

const concrete = (route: string) => route.replace(/:[A-Za-z]+/g, '7');

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
});

describe('AppRoutes', () => {
  it.each(APP_ROUTES.filter((r) => !GUARDED.has(r)))('%s is open to visitors with one h1', async (route) => {
    stubFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Not signed in' } } });
    renderRoute(<AppRoutes />, { path: '/*', url: concrete(route) });
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(heading).not.toHaveTextContent('404 Page Not Found');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    // The footer is a chunk of its own (ADR 0023).
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(/© 20\d\d YaadCare/);
  });

  it.each([...GUARDED])('%s sends visitors to /login', async (route) => {
    stubFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Not signed in' } } });
    renderRoute(<AppRoutes />, { path: '/*', url: concrete(route) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, { timeout: 5000 }),
    ).toBeVisible();
  });

  it.each(
    [...GUARDED].filter(
      (r) => !['/admin', '/caregiver-dashboard', '/caregiver-dashboard-enhanced'].includes(r),
    ),
  )('%s renders for a signed-in family', async (route) => {
    stubFetch();
    renderRoute(<AppRoutes />, { path: '/*', url: concrete(route), user: makeUser() });
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(heading).not.toHaveTextContent(/404|Welcome back/);
  });

  it('answers unknown paths with the 404 page and its title', async () => {
    stubFetch();
    renderRoute(<AppRoutes />, { path: '/*', url: '/no/such/page', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await waitFor(() => expect(document.title).toContain('404 Page Not Found'));
  });

  it('shows the header links for a caregiver, and no unread badges', async () => {
    stubFetch();
    renderRoute(<AppRoutes />, { path: '/*', url: '/settings', user: makeUser({ userType: 'caregiver' }) });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(labels).toEqual([
      'Home',
      'Profile',
      'Care requests',
      'Bookings',
      'Meetings',
      'Messages',
      'Earnings',
      'Resources',
      'Settings',
    ]);
  });

  it('shows the demo banner when the server is in demo mode', async () => {
    stubFetch({ 'GET /api/config': { body: { demoMode: true, supportEmail: 'help@yaadcare.jm' } } });
    renderRoute(<AppRoutes />, { path: '/*', url: '/', user: null });
    expect(
      await screen.findByText(
        'Demo mode — sample data; e-mails and text messages are not sent (they are printed in the server log).',
      ),
    ).toBeVisible();
    // The outbox holds everyone's reset links: no public link to it (admins have the console's tab).
    expect(screen.queryByRole('link', { name: /outbox/i })).toBeNull();
  });
});
