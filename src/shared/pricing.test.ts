import { describe, expect, it } from 'vitest';
import { jmd, jmdRange, RATE_HINT, TYPICAL_RATES } from './pricing';

describe('the rate hint and the pricing table', () => {
  it('come from one table: the hint spans exactly the table’s hourly rates', () => {
    const hourly = TYPICAL_RATES.filter((r) => r.per === 'hour');
    const low = Math.min(...hourly.map((r) => r.minJmd));
    const high = Math.max(...hourly.map((r) => r.maxJmd));
    expect(RATE_HINT).toContain(`${jmdRange(low, high)} per hour`);
    expect(RATE_HINT).toBe(
      'Typical rates in Jamaica: J$ 400–1,500 per hour, depending on the kind of care (see Pricing)',
    );
  });

  it('writes every amount with its currency', () => {
    expect(jmd(1999)).toBe('J$ 1,999');
    expect(jmdRange(8000, 12000)).toBe('J$ 8,000–12,000');
  });
});
