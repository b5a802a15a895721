// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landingPathFor } from '../features/auth/api';
import { Route, Switch, useLocation } from '../lib/router';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import { RequireAuth, RequireRole } from './guards';

function Where() {
  const location = useLocation();
  return (
    <p>
      at {location.pathname} from{' '}
      {(location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? '-'}
    </p>
  );
}

function Tree() {
  return (
    <Switch>
      <Route path="/settings">
        <RequireAuth>
          <h1>Settings page</h1>
        </RequireAuth>
      </Route>
      <Route path="/caregiver-dashboard">
        <RequireRole roles={['caregiver']} otherwise="/family-dashboard">
          <h1>Caregiver page</h1>
        </RequireRole>
      </Route>
      <Route path="/circles">
        <RequireRole roles={['family']} otherwise={landingPathFor}>
          <h1>Circles page</h1>
        </RequireRole>
      </Route>
      <Route>
        <Where />
      </Route>
    </Switch>
  );
}

describe('guards', () => {
  it('shows Loading while /api/auth/me runs, then sends visitors to /login remembering the page', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch();
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    globalThis.fetch = (() => pending) as typeof fetch;
    renderRoute(<Tree />, { path: '/*', url: '/settings' });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer(new Response('{"message":"Not signed in"}', { status: 401 }));
    expect(await screen.findByText('at /login from /settings')).toBeInTheDocument();
  });

  it('lets a signed-in user through', () => {
    renderRoute(<Tree />, { path: '/*', url: '/settings', user: makeUser() });
    expect(screen.getByRole('heading', { name: 'Settings page' })).toBeInTheDocument();
  });

  it('sends non-caregivers from /caregiver-dashboard to /family-dashboard', async () => {
    renderRoute(<Tree />, {
      path: '/*',
      url: '/caregiver-dashboard',
      user: makeUser({ userType: 'family' }),
    });
    await waitFor(() => expect(screen.getByText(/at \/family-dashboard/)).toBeInTheDocument());
  });

  it('lets caregivers into /caregiver-dashboard', () => {
    renderRoute(<Tree />, {
      path: '/*',
      url: '/caregiver-dashboard',
      user: makeUser({ userType: 'caregiver' }),
    });
    expect(screen.getByRole('heading', { name: 'Caregiver page' })).toBeInTheDocument();
  });

  it('sends others from a families-only page to their own landing page', async () => {
    renderRoute(<Tree />, { path: '/*', url: '/circles', user: makeUser({ userType: 'caregiver' }) });
    expect(await screen.findByRole('heading', { name: 'Caregiver page' })).toBeInTheDocument();
    cleanup();
    renderRoute(<Tree />, { path: '/*', url: '/circles', user: makeUser({ userType: 'admin' }) });
    expect(await screen.findByText('at /admin from -')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Circles page' })).toBeNull();
  });
});
