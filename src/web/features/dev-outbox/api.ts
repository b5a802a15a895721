import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

export interface OutboxMail {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export interface OutboxSms {
  id: number | string;
  to: string;
  body: string;
  /** whatsapp: the delivery outbox's sandbox WhatsApp channel (ADR 0033). */
  channel?: 'sms' | 'whatsapp';
  createdAt: string;
}

export const outboxKeys = {
  all: ['dev-outbox'] as const,
  mail: ['dev-outbox', 'mail'] as const,
  sms: ['dev-outbox', 'sms'] as const,
};

const newestFirst = <T extends { createdAt: string }>(items: T[]) =>
  [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/** Admins only (the outboxes hold every user's reset links and codes); demo mode only. */
export const outboxQuery = queryOptions({
  queryKey: outboxKeys.mail,
  queryFn: async ({ signal }) => newestFirst(await apiGet<OutboxMail[]>('/api/dev/outbox', signal)),
  // The outbox changes behind our back (every e-mail sent lands here): always ask again on visit.
  staleTime: 0,
});

export const smsOutboxQuery = queryOptions({
  queryKey: outboxKeys.sms,
  queryFn: async ({ signal }) => newestFirst(await apiGet<OutboxSms[]>('/api/dev/sms-outbox', signal)),
  staleTime: 0,
});

export function useOutbox() {
  return useQuery(outboxQuery);
}

export function useSmsOutbox() {
  return useQuery(smsOutboxQuery);
}

/** The first http(s) URL in a text, or undefined. */
export function firstUrl(text: string): string | undefined {
  const match = /https?:\/\/[^\s<>"')\]]+/i.exec(text);
  return match?.[0];
}
