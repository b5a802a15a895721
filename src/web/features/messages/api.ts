import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminReport,
  Conversation,
  ConversationMessagesResponse,
  EmailPreferences,
  Message,
} from '../../../shared/contracts/messages';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export type { AdminReport, Conversation, ConversationMessagesResponse, EmailPreferences, Message };

export const messagingKeys = {
  conversations: ['/api/conversations'] as const,
  unread: ['/api/messages/unread-count'] as const,
  conversation: (base: string, userId: number) => [base, userId, 'messages'] as const,
  supportConversations: ['/api/admin/support/conversations'] as const,
  reports: ['/api/admin/reports'] as const,
  preferences: ['/api/notification-preferences'] as const,
};

/** Where a conversation lives: the user's own, or YaadCare Support's (for admins). */
export interface ConversationApi {
  /** '/api/conversations' or '/api/admin/support/conversations' */
  base: string;
  /** The id whose messages count as "mine" (the user, or the support account). */
  meId: number;
}

/** Every query an event or a reconnection may have made stale (active ones refetch). */
export function invalidateMessaging(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const head = String(q.queryKey[0]);
      return (
        head.startsWith('/api/conversations') ||
        head.startsWith('/api/messages') ||
        head.startsWith('/api/admin/support') ||
        head.startsWith('/api/admin/reports')
      );
    },
  });
}

export function useConversations(base = '/api/conversations') {
  return useQuery({
    queryKey: [base] as const,
    queryFn: ({ signal }) => apiGet<Conversation[]>(base, signal),
  });
}

export function useUnreadMessages(enabled = true) {
  return useQuery({
    queryKey: messagingKeys.unread,
    queryFn: ({ signal }) => apiGet<{ unread: number }>('/api/messages/unread-count', signal),
    enabled,
  });
}

export function useConversation(api: ConversationApi, userId: number) {
  return useInfiniteQuery({
    queryKey: messagingKeys.conversation(api.base, userId),
    queryFn: ({ pageParam, signal }) =>
      apiGet<ConversationMessagesResponse>(
        `${api.base}/${userId}/messages${pageParam ? `?before=${pageParam}` : ''}`,
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? (last.messages[0]?.id ?? undefined) : undefined),
  });
}

export type ConversationPages = InfiniteData<ConversationMessagesResponse, number>;

export function useSendMessage(api: ConversationApi, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The user's own messages go through the spec's POST /api/messages; support replies through the admin route.
    mutationFn: (content: string) =>
      api.base === '/api/conversations'
        ? apiPost<Message>('/api/messages', { senderId: api.meId, receiverId: userId, content })
        : apiPost<Message>(`${api.base}/${userId}/messages`, { content }),
    onSuccess: (message) => {
      queryClient.setQueryData<ConversationPages>(messagingKeys.conversation(api.base, userId), (data) => {
        if (!data || data.pages.length === 0) return data;
        const [first, ...rest] = data.pages;
        if (first.messages.some((m) => m.id === message.id)) return data;
        return { ...data, pages: [{ ...first, messages: [...first.messages, message] }, ...rest] };
      });
      void invalidateMessaging(queryClient);
    },
  });
}

export function useMarkConversationRead(api: ConversationApi, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upToId: number) => apiPost<{ updated: number }>(`${api.base}/${userId}/read`, { upToId }),
    onSuccess: (result) => {
      if (result.updated > 0) {
        void invalidateMessaging(queryClient);
        void queryClient.invalidateQueries({ queryKey: ['/api/notifications'] });
      }
    },
  });
}

export function useBlock(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) => apiRequest<null>(block ? 'POST' : 'DELETE', `/api/users/${userId}/block`),
    onSuccess: () => invalidateMessaging(queryClient),
  });
}

export function useReport(userId: number) {
  return useMutation({
    mutationFn: (body: { reason: string; messageId?: number }) =>
      apiPost<{ id: number }>(`/api/users/${userId}/report`, body),
  });
}

export function useEmailPreferences() {
  return useQuery({
    queryKey: messagingKeys.preferences,
    queryFn: ({ signal }) => apiGet<EmailPreferences>('/api/notification-preferences', signal),
  });
}

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: EmailPreferences) =>
      apiRequest<EmailPreferences>('PUT', '/api/notification-preferences', prefs),
    onSuccess: (prefs) => queryClient.setQueryData(messagingKeys.preferences, prefs),
  });
}
