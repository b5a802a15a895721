import { describe, expect, it } from 'vitest';
import { earningsCsv } from './earnings-page';

describe('earnings CSV', () => {
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
});
