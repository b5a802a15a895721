// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { EmergencyBanner } from './emergency-banner';

const HOUR = 3_600_000;
const emergency = (id: number, parishes: string[], message: string) => ({
  id,
  kind: 'hurricane',
  parishes,
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  message,
});

beforeEach(() => sessionStorage.clear());

function stubActive() {
  return stubFetch({
    'GET /api/emergencies/active': {
      body: {
        emergencies: [
          emergency(1, ['St. Thomas', 'Portland'], 'Storm in the east.'),
          emergency(2, ['Kingston'], 'Curfew downtown.'),
        ],
      },
    },
  });
}

describe('EmergencyBanner', () => {
  it('shows a visitor every emergency in force', async () => {
    stubActive();
    renderRoute(<EmergencyBanner />, { user: null });
    const banner = await screen.findByRole('complementary', { name: 'Emergency notice' });
    expect(banner).toHaveTextContent('Hurricane warning: St. Thomas, Portland');
    expect(banner).toHaveTextContent('Curfew downtown.');
    expect(banner).not.toHaveTextContent('no fee');
  });

  it('shows a signed-in family only their parish’s, with what it means; dismissed for the session', async () => {
    stubActive();
    renderRoute(<EmergencyBanner />, { user: makeUser({ parish: 'Kingston' }) });
    const banner = await screen.findByRole('complementary', { name: 'Emergency notice' });
    expect(banner).toHaveTextContent('Curfew downtown.');
    expect(banner).not.toHaveTextContent('Storm in the east.');
    expect(banner).toHaveTextContent('You can cancel affected bookings with no fee and a full refund.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Hurricane warning: Kingston' }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(sessionStorage.getItem('yc-emergency-dismissed')).toContain('"2:');
  });

  it('shows nothing to a family whose parish is not named', async () => {
    const { calls } = stubActive();
    renderRoute(<EmergencyBanner />, { user: makeUser({ parish: 'St. Ann' }) });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/emergencies/active')).toBe(true));
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
