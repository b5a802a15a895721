// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { BackupOffers as Offers } from '../../../../shared/contracts/backups';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { backupsMayOpen } from '../backup-window';
import { makeBooking } from '../test-fixtures';
import { BackupOffers } from './backup-offers';

const offer = (caregiverId: number, firstName: string, rate: string, total: string, reason: string) => ({
  caregiverId,
  firstName,
  lastInitial: 'B',
  profileImageUrl: null,
  town: 'Kingston',
  parish: 'Kingston' as const,
  hourlyRate: rate,
  totalCost: total,
  reason,
  travel: 'Same parish',
});

const open = (over: Partial<Offers> = {}): Offers => ({
  bookingId: 7,
  open: true,
  cause: 'caregiver_cancelled',
  closedReason: null,
  rebookedTo: null,
  hold: { amount: '4200.00', until: '2026-11-25T17:00:00.000Z' },
  offers: [
    offer(11, 'Marcia', '900.00', '3780.00', 'Same town · within your rate'),
    offer(12, 'Paul', '1100.00', '4620.00', 'Same parish · J$ 100 an hour more than your rate'),
  ],
  ...over,
});

function show(offers: Offers | { status: number; body: unknown }, rebook?: unknown) {
  const booking = makeBooking({ id: 7, status: 'cancelled', type: 'senior-care' });
  const fetch = stubFetch({
    'GET /api/bookings/7/backups': 'status' in offers ? offers : { body: offers },
    'GET /api/bookings/7': { body: booking },
    'POST /api/bookings/7/rebook': { body: rebook },
  });
  renderRoute(<BackupOffers bookingId={7} />, { path: '/bookings/7/backups', user: makeUser() });
  return fetch;
}

describe('BackupOffers', () => {
  it('says until when the hold is kept in the family’s own time zone', async () => {
    const booking = makeBooking({ id: 7, status: 'cancelled' });
    stubFetch({
      'GET /api/bookings/7/backups': { body: open() },
      'GET /api/bookings/7': { body: booking },
    });
    renderRoute(<BackupOffers bookingId={7} />, {
      path: '/bookings/7/backups',
      user: makeUser({ timeZone: 'America/Toronto' }),
    });
    expect(
      await screen.findByText(/held until 12:00 PM on Wednesday 25 November, Toronto time/),
    ).toBeVisible();
  });

  it('shows each offer with photo, name, place, rate, price and reason, and passes axe', async () => {
    show(open());
    const cards = await screen.findAllByTestId('backup-offer');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Marcia B.');
    expect(cards[0]).toHaveTextContent('Kingston, Kingston · Same parish');
    expect(cards[0]).toHaveTextContent('J$ 900 an hour · J$ 3,780 for this booking');
    expect(cards[0]).toHaveTextContent('Same town · within your rate');
    expect(
      screen.getByRole('heading', { name: 'Your caregiver cancelled — here are backups' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'You hold J$ 4,200 for this booking, held until 12:00 PM on Wednesday 25 November in case you choose a backup; otherwise it is released in full.',
      ),
    ).toBeVisible();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('books in one tap after saying what happens to the hold, then shows the server’s answer', async () => {
    const answer = {
      booking: makeBooking({ id: 9, status: 'pending', rebookedFrom: 7 }),
      hold: { outcome: 'moved', amount: '3780.00', released: '420.00' },
      message: 'Backup request sent to Marcia B.: they must accept it within 2 hours.',
    };
    const { calls } = show(open(), answer);
    const cards = await screen.findAllByTestId('backup-offer');
    const button = within(cards[0]).getByRole('button', { name: 'Book Marcia B.' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Book Marcia B.?' });
    expect(dialog).toHaveTextContent(
      'Your hold of J$ 4,200 moves to this booking without a new charge, and J$ 420 goes back to your card.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book Marcia B.' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Backup requested: Shanique W\. has until .+ to accept/,
    );
    expect(screen.getByText(/Backup request sent to Marcia B\./)).toBeVisible();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ caregiverId: 11 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what raising the hold means for a dearer backup', async () => {
    show(open());
    const cards = await screen.findAllByTestId('backup-offer');
    fireEvent.click(within(cards[1]).getByRole('button', { name: 'Book Paul B.' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Your hold of J$ 4,200 moves to this booking and is raised by J$ 420 where your card allows it',
    );
  });

  it('shows the refusal in the dialog when the offer went meanwhile', async () => {
    const booking = makeBooking({ id: 7, status: 'cancelled' });
    stubFetch({
      'GET /api/bookings/7/backups': { body: open() },
      'GET /api/bookings/7': { body: booking },
      'POST /api/bookings/7/rebook': {
        status: 409,
        body: {
          code: 'BACKUP_NOT_OFFERED',
          message: 'That caregiver is not one of the backups offered now.',
        },
      },
    });
    renderRoute(<BackupOffers bookingId={7} />, { path: '/bookings/7/backups', user: makeUser() });
    const cards = await screen.findAllByTestId('backup-offer');
    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Book Marcia B.' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book Marcia B.' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('not one of the backups offered now');
  });

  it('empty: says no backup is free and links to a search prefilled with the kind and town', async () => {
    show(open({ offers: [] }));
    expect(
      await screen.findByText('No backup is free at that time — search for another caregiver.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Search for another caregiver' })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/search\?type=senior-care&location=/),
      ),
    );
  });

  it('booked: after the tap the page confirms the request (the offers refresh as closed), never “already booked”', async () => {
    let posted = false;
    const backup = makeBooking({
      id: 9,
      status: 'pending',
      rebookedFrom: 7,
      createdAt: '2026-11-25T15:00:00.000Z',
      endsAt: '2026-11-25T21:00:00.000Z',
      caregiver: { ...makeBooking().caregiver, firstName: 'Marcia', lastName: 'Brown' },
    });
    stubFetch({
      'GET /api/bookings/7/backups': () => ({
        body: posted
          ? open({
              open: false,
              closedReason: 'A backup is booked for this booking.',
              rebookedTo: 9,
              offers: [],
            })
          : open(),
      }),
      'GET /api/bookings/7': { body: makeBooking({ id: 7, status: 'cancelled' }) },
      'GET /api/bookings/9': { body: backup },
      'POST /api/bookings/7/rebook': () => {
        posted = true;
        return {
          body: {
            booking: backup,
            hold: { outcome: 'moved', amount: '3780.00', released: '420.00' },
            message: 'Backup request sent to Marcia B.: they must accept it within 2 hours.',
          },
        };
      },
    });
    renderRoute(<BackupOffers bookingId={7} />, { path: '/bookings/7/backups', user: makeUser() });
    const cards = await screen.findAllByTestId('backup-offer');
    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Book Marcia B.' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Book Marcia B.' }),
    );
    expect(await screen.findByRole('heading', { name: 'Backup booked' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Backup requested: Marcia B. has until 12:00 PM on Wednesday 25 November to accept; we will tell you as soon as they answer.',
      ),
    );
    expect(screen.getByText(/Backup request sent to Marcia B\./)).toBeVisible();
    expect(screen.queryByText(/already booked/)).toBeNull();
  });

  it('booked, on reload: the backup’s state as a confirmation (accepted), not an error', async () => {
    const fetch = stubFetch({
      'GET /api/bookings/7/backups': {
        body: open({
          open: false,
          closedReason: 'A backup is booked for this booking.',
          rebookedTo: 9,
          offers: [],
        }),
      },
      'GET /api/bookings/7': { body: makeBooking({ id: 7, status: 'cancelled' }) },
      'GET /api/bookings/9': {
        body: makeBooking({
          id: 9,
          status: 'confirmed',
          rebookedFrom: 7,
          caregiver: { ...makeBooking().caregiver, firstName: 'Paul', lastName: 'Grant' },
        }),
      },
    });
    renderRoute(<BackupOffers bookingId={7} />, { path: '/bookings/7/backups', user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Backup booked' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^Backup confirmed: Paul G\. accepted/),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'See the backup in your bookings' })).toBeVisible();
    expect(fetch.calls.some((c) => c.url.startsWith('/api/bookings/9'))).toBe(true);
  });

  it('a failed load shows an error', async () => {
    show({ status: 404, body: { code: 'NOT_FOUND', message: 'Booking not found' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Booking not found');
  });
});

describe('backupsMayOpen (the booking card’s link)', () => {
  const start = new Date('2026-11-26T14:00:00.000Z');
  const b = makeBooking({
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
  });
  it('links a caregiver’s cancellation until 2 h after the start, and a confirmed visit from 15 min after it', () => {
    const byCaregiver = { ...b, status: 'cancelled' as const, cancelledBy: b.caregiver.userId };
    expect(backupsMayOpen(byCaregiver, new Date(start.getTime() - 3_600_000))).toBe(true);
    expect(backupsMayOpen(byCaregiver, new Date(start.getTime() + 2 * 3_600_000))).toBe(false);
    expect(backupsMayOpen({ ...byCaregiver, cancelledBy: b.family.userId }, start)).toBe(false);
    const confirmed = { ...b, status: 'confirmed' as const };
    expect(backupsMayOpen(confirmed, new Date(start.getTime() + 10 * 60_000))).toBe(false);
    expect(backupsMayOpen(confirmed, new Date(start.getTime() + 20 * 60_000))).toBe(true);
  });
});
