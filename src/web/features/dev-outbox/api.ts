import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

export interface OutboxMail {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export const outboxQuery = queryOptions({
  queryKey: ['dev', 'outbox'] as const,
  queryFn: async ({ signal }) => {
    const mails = await apiGet<OutboxMail[]>('/api/dev/outbox', signal);
    // Newest first, whatever order the server keeps.
    return [...mails].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  },
  // The outbox changes behind our back (every e-mail sent lands here): always ask again on visit.
  staleTime: 0,
});

export function useOutbox() {
  return useQuery(outboxQuery);
}

/** The first http(s) URL in a text, or undefined. */
export function firstUrl(text: string): string | undefined {
  const match = /https?:\/\/[^\s<>"')\]]+/i.exec(text);
  return match?.[0];
}
