// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { RefundNote, refundText } from './refund-note';

const booking = (refund?: BookingView['refund']) => ({ id: 1, refund }) as unknown as BookingView;
const waiver: BookingView['refund'] = {
  amount: '5000.00',
  kind: 'refund',
  cause: 'emergency_waiver',
  at: '2026-11-28T15:00:00.000Z',
  cardBrand: 'visa',
  cardLast4: '4242',
  keptByCaregiver: '0.00',
};

describe('a booking refund, in words for each side (ADR 0054)', () => {
  it('tells the family the amount, the card, the date and why', () => {
    const text = refundText(booking(waiver), 'family');
    expect(text).toMatch(/^Refunded J\$ 5,000\.00 to Visa •••• 4242 on .*28.* — emergency waiver$/);
  });

  it('says "Released" for a card hold let go, and names the late fee the caregiver keeps', () => {
    const late = {
      ...waiver,
      kind: 'release' as const,
      cause: 'cancelled_by_family' as const,
      amount: '2400.00',
      keptByCaregiver: '2000.00',
    };
    expect(refundText(booking(late), 'family')).toMatch(
      /^Released J\$ 2,400\.00 on Visa •••• 4242 on .* — cancelled by the family \(the caregiver keeps the late-cancellation fee of J\$ 2,000\.00\)$/,
    );
    expect(refundText(booking(late), 'caregiver')).toMatch(
      /^You keep the late-cancellation fee of J\$ 2,000\.00; J\$ 2,400\.00 went back to the family on .* — cancelled by the family$/,
    );
  });

  it('tells the caregiver the family was refunded, without any card', () => {
    const text = refundText(booking({ ...waiver, cardBrand: null, cardLast4: null }), 'caregiver');
    expect(text).toMatch(/^The family got J\$ 5,000\.00 back on .* — emergency waiver$/);
    expect(text).not.toContain('4242');
  });

  it('shows nothing without a refund', () => {
    const { container } = render(
      <dl>
        <RefundNote booking={booking()} side="family" />
      </dl>,
    );
    expect(container.textContent).toBe('');
    render(
      <dl>
        <RefundNote booking={booking(waiver)} side="family" />
      </dl>,
    );
    expect(screen.getByTestId('booking-refund').textContent).toContain('emergency waiver');
  });
});
