import { centsToDecimal, priceBooking, toCents } from '../../shared/money';

/** Money: whole JMD here (every rate is a whole number of dollars), priced by the one fee policy. */

export function bookingMoney(hourlyRate: number, hours: number) {
  const price = priceBooking(toCents(hourlyRate), hours);
  return {
    subtotal: price.subtotal / 100,
    platformFee: price.platformFee / 100,
    totalCost: price.total / 100,
  };
}

/** 1500 → '1500.00', the decimal columns' shape. */
export const money = (jmd: number) => centsToDecimal(toCents(jmd));
