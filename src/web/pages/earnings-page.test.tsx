// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EarningsView } from '../../shared/contracts/payments';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import EarningsPage, { earningsCsv } from './earnings-page';

describe('earnings CSV', () => {
  it('lists a tip as its own type, "Tip from" the family (ADR 0051)', () => {
    const csv = earningsCsv([
      {
        id: 9,
        kind: 'tip',
        status: 'pending',
        amount: '1000.00',
        date: '2099-06-06T16:00:00.000Z',
        bookingId: 7,
        description: 'Tip from Natalie (visit on 2099-06-05)',
        availableAt: null,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      '2099-06-06,Tip,Tip from Natalie (visit on 2099-06-05),1000.00,pending',
    );
  });

  it('lists exactly the given rows, quoting commas and quotes', () => {
    const csv = earningsCsv([
      {
        id: 1,
        kind: 'earning',
        status: 'pending',
        amount: '3000.00',
        date: '2099-06-05T16:00:00.000Z',
        bookingId: 7,
        description: 'Booking with "Nat", R. on 2099-06-05',
        availableAt: null,
      },
      {
        id: 2,
        kind: 'payout',
        status: 'paid',
        amount: '3000.00',
        date: '2099-06-08T15:00:00.000Z',
        bookingId: null,
        description: 'Payout to your bank account',
        availableAt: null,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date,Type,Description,Amount (JMD),Status',
      '2099-06-05,Booking,"Booking with ""Nat"", R. on 2099-06-05",3000.00,pending',
      '2099-06-08,Payout,Payout to your bank account,-3000.00,paid',
      '',
    ]);
  });

  it('never hands a spreadsheet a formula: a family named =HYPERLINK(...) stays text', () => {
    const family = '=HYPERLINK("http://x","y")';
    const base = {
      status: 'pending' as const,
      bookingId: 7,
      availableAt: null,
      date: '2099-06-05T16:00:00.000Z',
    };
    const csv = earningsCsv([
      {
        ...base,
        id: 1,
        kind: 'earning',
        amount: '3000.00',
        description: `Booking with ${family} R. on 2099-06-05`,
      },
      // A description that is the family's name alone (as a per-family column or statement would have it).
      { ...base, id: 2, kind: 'late_cancellation_fee', amount: '1500.00', description: family },
      {
        ...base,
        id: 3,
        kind: 'payout',
        status: 'paid',
        bookingId: null,
        amount: '4500.00',
        description: '@once',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date,Type,Description,Amount (JMD),Status',
      '2099-06-05,Booking,"Booking with =HYPERLINK(""http://x"",""y"") R. on 2099-06-05",3000.00,pending',
      '2099-06-05,Late-cancellation fee,"\'=HYPERLINK(""http://x"",""y"")",1500.00,pending',
      "2099-06-05,Payout,'@once,-4500.00,paid",
      '',
    ]);
  });
});

describe('EarningsPage', () => {
  const earnings = (hasPayoutAccount: boolean): EarningsView => ({
    totals: { total: '9000.00', available: '6000.00', pending: '3000.00', paid: '0.00' },
    nextPayoutDate: '2099-06-12',
    hasPayoutAccount,
    items: [],
  });
  const show = async (hasPayoutAccount: boolean) => {
    stubFetch({ 'GET /api/earnings': { body: earnings(hasPayoutAccount) } });
    renderRoute(<EarningsPage />, { path: '/earnings', user: makeUser({ userType: 'caregiver' }) });
    return screen.findByTestId('earnings-available');
  };

  it('promises no Friday payout without a bank account: says what is missing and links to the form', async () => {
    const available = await show(false);
    expect(available).toHaveTextContent('J$ 6,000');
    expect(screen.getByText('Available, waiting for your bank account')).toBeInTheDocument();
    expect(screen.queryByText('Available for payout')).not.toBeInTheDocument();
    expect(screen.queryByText(/Next payout/)).not.toBeInTheDocument();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('we do not have your bank account');
    expect(note).toHaveTextContent('Missing: bank name, account holder, account number');
    expect(screen.getByRole('link', { name: 'Add your bank account' })).toHaveAttribute(
      'href',
      '/payment-settings',
    );
  });

  it('names the next payout day once the bank account is there', async () => {
    await show(true);
    expect(screen.getByText('Available for payout')).toBeInTheDocument();
    expect(screen.getByText(/Next payout: Friday, 12 June 2099/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add your bank account' })).not.toBeInTheDocument();
  });

  it('with payouts made but no bank account on file now, never says "No payouts yet" (issue 32, item 4)', async () => {
    stubFetch({
      'GET /api/earnings': {
        body: {
          ...earnings(false),
          totals: { total: '69000.00', available: '6000.00', pending: '0.00', paid: '63000.00' },
          items: [
            {
              id: 9,
              kind: 'payout',
              status: 'paid',
              amount: '63000.00',
              date: '2099-06-05T15:00:00.000Z',
              bookingId: null,
              description: 'Payout to your bank account',
              availableAt: null,
            },
          ],
        } satisfies EarningsView,
      },
    });
    renderRoute(<EarningsPage />, { path: '/earnings', user: makeUser({ userType: 'caregiver' }) });
    await screen.findByTestId('earnings-available');
    expect(screen.queryByText(/No payouts yet/)).not.toBeInTheDocument();
    // One consistent story: the earlier account is gone, add one to be paid again.
    const { textContent } = screen.getByRole('note');
    expect(textContent).toMatch(
      /^No bank account on file: earlier payouts went to an account that has since been removed\./,
    );
    expect(textContent).toContain('add an account to be paid again');
    expect(screen.getByRole('link', { name: 'Add your bank account' }).getAttribute('href')).toBe(
      '/payment-settings',
    );
  });
});
