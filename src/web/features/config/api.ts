import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfigResponse } from '../../../shared/contracts/auth';
import { apiGet } from '../../lib/api';

export type { AppConfigResponse };

export const appConfigQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => apiGet<AppConfigResponse>('/api/config', signal),
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
