// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCircle, makePreview, TOKEN } from '../features/circles/test-fixtures';
import { Route, Switch, useLocation } from '../lib/router';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import CircleInvitationPage from './circle-invitation-page';

const URL = `/circles/invitations/${TOKEN}`;
const ME = makeUser({ id: 2, firstName: 'Paul', email: 'paul@example.com' });

function LoginProbe() {
  const { state } = useLocation();
  return <p>login page, back to {(state as { from?: { pathname: string } })?.from?.pathname}</p>;
}

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function Tree() {
  return (
    <Switch>
      <Route path="/circles/invitations/:token">
        <CircleInvitationPage />
      </Route>
      <Route path="/login">
        <LoginProbe />
      </Route>
      <Route>
        <Where />
      </Route>
    </Switch>
  );
}

const show = (user: ReturnType<typeof makeUser> | null) =>
  renderRoute(<Tree />, { path: '/*', url: URL, user });

describe('CircleInvitationPage', () => {
  it('asks a visitor to log in or sign up, and remembers to come back here', async () => {
    const { calls } = stubFetch();
    show(null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are invited to a care circle' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a family account' })).toHaveAttribute('href', '/signup');
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByText(`login page, back to ${URL}`)).toBeVisible();
    expect(calls.some((c) => c.url.startsWith('/api/invitations'))).toBe(false);
  });

  it('asks "Join Mummy’s circle as payer?" and joins', async () => {
    const { calls } = stubFetch({
      [`GET /api/invitations/${TOKEN}`]: { body: makePreview() },
      [`POST /api/invitations/${TOKEN}/accept`]: { body: makeCircle() },
    });
    show(ME);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Mummy’s circle as payer?' }),
    ).toBeVisible();
    expect(screen.getByText(/Mummy’s care: care for Mummy in Mandeville, Manchester/)).toBeVisible();
    expect(screen.getByText(/Your monthly cap: J\$ 50,000/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Join the circle' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/circles/5'));
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/accept'))).toBe(true);
  });

  it('explains the wrong account (403) and offers to log out and come back', async () => {
    stubFetch({
      [`GET /api/invitations/${TOKEN}`]: {
        status: 403,
        body: {
          code: 'INVITATION_WRONG_ACCOUNT',
          message:
            'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
        },
      },
      'POST /api/auth/logout': { body: { ok: true } },
    });
    show(ME);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation is for another account' }),
    ).toBeVisible();
    expect(screen.getByText(/sent to another e-mail address/)).toBeVisible();
    expect(screen.getByText('paul@example.com')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Log out and use the invited address' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are invited to a care circle' }),
    ).toBeVisible();
  });

  it('says an expired invitation has expired (404 INVITATION_EXPIRED)', async () => {
    stubFetch({
      [`GET /api/invitations/${TOKEN}`]: {
        status: 404,
        body: {
          code: 'INVITATION_EXPIRED',
          message: 'This invitation has expired. Ask the coordinator to send a new one.',
        },
      },
    });
    show(ME);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation has expired' }),
    ).toBeVisible();
    expect(screen.getByText(/Ask the coordinator to send a new one/)).toBeVisible();
  });

  it.each([
    ['an unknown token (404)', TOKEN, 404],
    ['a token that is no token', 'short', 0],
  ])('says the link is not valid for %s', async (_what, token, status) => {
    const { calls } = stubFetch({
      [`GET /api/invitations/${token}`]: {
        status,
        body: { code: 'NOT_FOUND', message: 'This invitation is not valid any more.' },
      },
    });
    renderRoute(<Tree />, { path: '/*', url: `/circles/invitations/${token}`, user: ME });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation link is not valid' }),
    ).toBeVisible();
    expect(calls.some((c) => c.url.startsWith('/api/invitations/short'))).toBe(false);
  });

  it('tells a caregiver that circles are for family accounts', async () => {
    stubFetch({
      [`GET /api/invitations/${TOKEN}`]: {
        status: 403,
        body: {
          code: 'CIRCLE_FAMILIES_ONLY',
          message: 'Care circles are for family accounts. Caregiver and admin accounts cannot join one.',
        },
      },
    });
    show(makeUser({ userType: 'caregiver' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Care circles are for family accounts' }),
    ).toBeVisible();
  });
});
