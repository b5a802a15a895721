import { VISIT_HOLD_RULES } from '../../../../shared/contracts/payment-methods';
import { cardBrandName } from '../../../../shared/payment-status';
import { Link } from '../../../lib/router';
import { usePaymentMethods } from '../../payments/api';

const HOURS = 3_600_000;

/**
 * Which card pays a weekly series (issue 32, defect 7; ADR 0032): each visit is held on the payer's default
 * saved card 48 hours before it, and a visit still unpaid 24 hours before is released. Names the card, or
 * offers to add one; for a care circle, a payer's card is held.
 */
export function SeriesCardNote({ forCircle }: { forCircle: boolean }) {
  const ahead = VISIT_HOLD_RULES.holdAheadMs / HOURS;
  const release = VISIT_HOLD_RULES.releaseAheadMs / HOURS;
  const cards = usePaymentMethods(!forCircle);
  if (forCircle) {
    return (
      <p className="mt-1" data-testid="series-card">
        {ahead} hours before each visit, its cost is held on the default saved card of the circle’s payer who
        approves or pays it. A visit still unpaid {release} hours before it starts is released.
      </p>
    );
  }
  if (cards.isPending) return null;
  if (cards.isError) {
    return (
      <p className="mt-1" data-testid="series-card">
        {ahead} hours before each visit, its cost is held on your default saved card.{' '}
        <Link to="/payment-settings" className="font-semibold text-primary-deep underline">
          Your cards
        </Link>
      </p>
    );
  }
  const card = cards.data?.find((c) => c.isDefault) ?? cards.data?.[0];
  return (
    <p className="mt-1" data-testid="series-card">
      {card ? (
        <>
          {ahead} hours before each visit, its cost is held on your {cardBrandName(card.brand)} ending in{' '}
          {card.last4}
          {card.isDefault ? ' (your default card)' : ''}. A visit still unpaid {release} hours before it
          starts is released.{' '}
          <Link to="/payment-settings" className="font-semibold text-primary-deep underline">
            Change card
          </Link>
        </>
      ) : (
        <>
          You have no saved card, so each visit must be paid by hand; one still unpaid {release} hours before
          it starts is released.{' '}
          <Link to="/payment-settings" className="font-semibold text-primary-deep underline">
            Add a card
          </Link>{' '}
          and each visit is held on it {ahead} hours before.
        </>
      )}
    </p>
  );
}
