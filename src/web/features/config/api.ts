import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfigResponse } from '../../../shared/contracts/auth';
import { apiGet } from '../../lib/api';

export type { AppConfigResponse };

export const configKeys = {
  all: ['config'] as const,
};

export const getAppConfig = (signal?: AbortSignal) => apiGet<AppConfigResponse>('/api/config', signal);

export const appConfigQuery = queryOptions({
  queryKey: configKeys.all,
  queryFn: ({ signal }) => getAppConfig(signal),
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
