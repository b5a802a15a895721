import { describe, expect, it } from 'vitest';
import { approvalStateText, bookingOutcome, careFor, forRecipient } from './circle-text';
import { makeBooking, makeBookingCircle, makeCaregiverCircle } from './test-fixtures';

describe('circle booking texts', () => {
  it('names the recipient for members and for the caregiver', () => {
    expect(forRecipient(makeBookingCircle())).toBe('For Hyacinth (Mummy, Mandeville)');
    expect(careFor(makeCaregiverCircle(false))).toBe('Care for Hyacinth (Mandeville)');
    expect(forRecipient(makeCaregiverCircle(false))).toBe('For Hyacinth (Mandeville)');
    // A circle whose name already says the town does not repeat it.
    expect(forRecipient({ ...makeBookingCircle(), name: 'Mummy in Mandeville' })).toBe(
      'For Hyacinth (Mummy in Mandeville)',
    );
  });

  it('says where the approval stands, and why it was needed', () => {
    const waiting = (reason: 'circle_rule' | 'over_cap', status = 'awaiting_approval' as const) =>
      approvalStateText(
        makeBooking({
          status,
          circle: makeBookingCircle({ approval: { state: 'awaiting', reason, byFirstName: null, at: null } }),
        }),
      );
    expect(waiting('circle_rule')).toBe(
      'Waiting for a payer’s approval: the circle asks a payer to approve every booking.',
    );
    expect(waiting('over_cap')).toMatch(/past a payer’s monthly spending cap/);
    // The member who requested it is told they cannot approve it themselves (ADR 0039).
    const mine = makeBooking({
      status: 'awaiting_approval',
      familyId: 42,
      circle: makeBookingCircle({
        approval: { state: 'awaiting', reason: 'circle_rule', byFirstName: null, at: null },
      }),
    });
    expect(approvalStateText(mine, 42)).toMatch(/You requested it, so you cannot approve it yourself/);
    expect(approvalStateText(mine, 7)).not.toMatch(/You requested it/);
    const decided = (state: 'approved' | 'declined', byFirstName: string | null) =>
      approvalStateText(
        makeBooking({
          circle: makeBookingCircle({
            approval: { state, reason: 'circle_rule', byFirstName, at: '2099-06-02T14:00:00.000Z' },
          }),
        }),
      );
    expect(decided('approved', 'Sandra')).toBe('Approved by Sandra');
    expect(decided('declined', 'Sandra')).toBe('Declined by Sandra');
    expect(decided('approved', null)).toBe('Approved');
    expect(approvalStateText(makeBooking({ status: 'expired', circle: makeBookingCircle() }))).toMatch(
      /No payer approved it in time/,
    );
    expect(approvalStateText(makeBooking({ circle: makeBookingCircle({ approval: null }) }))).toBeNull();
    expect(approvalStateText(makeBooking())).toBeNull();
  });

  it('after booking: own household to payment; awaiting approval or a payer’s to pay to /bookings', () => {
    expect(bookingOutcome(makeBooking({ id: 9 }), 'Shanique')).toEqual({
      title: 'Booking Request Created!',
      description: 'Proceeding to secure payment for Shanique',
      path: '/payment/9',
    });
    const awaiting = bookingOutcome(
      makeBooking({
        status: 'awaiting_approval',
        circle: makeBookingCircle({
          canApprove: false,
          approval: { state: 'awaiting', reason: 'over_cap', byFirstName: null, at: null },
        }),
      }),
      'Shanique',
    );
    // The new request stands first on the list, marked (issue 32: it was 7,856 px down the page).
    expect(awaiting.path).toMatch(/^\/bookings\?booking=\d+$/);
    expect(awaiting.title).toBe('Sent for approval');
    expect(awaiting.description).toBe(
      'A payer in the circle must approve this booking for Hyacinth because this booking would take the month past a payer’s monthly spending cap. Shanique sees the request only after that.',
    );
    const pending = (canPay: boolean) =>
      bookingOutcome(
        makeBooking({
          id: 9,
          status: 'pending',
          circle: makeBookingCircle({ approval: null, canApprove: false, canPay }),
        }),
        'Shanique',
      );
    expect(pending(false)).toMatchObject({
      path: '/bookings?booking=9',
      description: 'Shanique has your request for Hyacinth. A payer in the circle pays for it.',
    });
    expect(pending(true).path).toBe('/payment/9');
  });
});
