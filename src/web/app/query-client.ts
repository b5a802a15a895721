import { QueryClient } from '@tanstack/react-query';

/** docs/product.md#the-api-contract: cached data never goes stale; no automatic retry, refetch on focus or polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
