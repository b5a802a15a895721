import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FxRateList } from '../../../shared/contracts/fx-rates';
import { estimateInCurrency, type FxEstimate, isFxCurrency } from '../../../shared/fx';
import type { Cents } from '../../../shared/money';
import { apiGet } from '../../lib/api';

export const fxKeys = { rates: ['fx-rates'] as const };

/** GET /api/fx-rates: the rates admins keep (they change a few times a week at most). */
export const fxRatesQuery = queryOptions({
  queryKey: fxKeys.rates,
  queryFn: ({ signal }) => apiGet<FxRateList>('/api/fx-rates', signal),
  staleTime: 10 * 60_000,
});

/**
 * A JMD amount estimated in the member's own currency (ADR 0026), or undefined: for JMD, while the rates
 * load, when they could not be read, or when no rate is kept for the currency. The rates are asked for only
 * when an estimate is wanted (`enabled`) and the currency is not JMD.
 */
export function useEstimate(
  amountCents: Cents,
  currency: string | undefined,
  enabled = true,
): FxEstimate | undefined {
  const wanted = enabled && !!currency && isFxCurrency(currency);
  const { data } = useQuery({ ...fxRatesQuery, enabled: wanted });
  if (!wanted || !data) return undefined;
  const rate = data.rates.find((r) => r.currency === currency);
  return rate ? estimateInCurrency(amountCents, rate) : undefined;
}
