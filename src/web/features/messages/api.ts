import {
  type InfiniteData,
  infiniteQueryOptions,
  partialMatchKey,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminReport,
  Conversation,
  ConversationMessagesResponse,
  MarkReadResponse,
  Message,
  ReplyRequest,
  ReportRequest,
  SendMessageRequest,
  UnreadCountResponse,
} from '../../../shared/contracts/messages';
import { apiGet, apiPost, apiRequest } from '../../lib/api';
import { adminKeys } from '../admin/api';
import { notificationKeys } from '../notifications/api';

export type { AdminReport, Conversation, ConversationMessagesResponse, Message };

export type SendMessageBody = z.input<typeof SendMessageRequest>;
export type ReplyBody = z.input<typeof ReplyRequest>;
export type ReportBody = z.input<typeof ReportRequest>;

/** Conversations are keyed by where they live (ConversationApi.base): the user's own, or Support's. */
export const messagingKeys = {
  all: ['messages'] as const,
  conversations: (base: string) => ['messages', 'conversations', base] as const,
  conversation: (base: string, userId: number) => ['messages', 'conversation', base, userId] as const,
  unread: ['messages', 'unread'] as const,
};

/** Where a conversation lives: the user's own, or YaadCare Support's (for admins). */
export interface ConversationApi {
  /** '/api/conversations' or '/api/admin/support/conversations' */
  base: string;
  /** The id whose messages count as "mine" (the user, or the support account). */
  meId: number;
}

/** What an event or a reconnection may have made stale: every conversation, the unread count, the reports queue. */
const LIVE_KEYS = [messagingKeys.all, adminKeys.reportLists] as const;

/** Every query an event or a reconnection may have made stale (active ones refetch). */
export function invalidateMessaging(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => LIVE_KEYS.some((key) => partialMatchKey(q.queryKey, key)),
  });
}

export const conversationsQuery = (base = '/api/conversations') =>
  queryOptions({
    queryKey: messagingKeys.conversations(base),
    queryFn: ({ signal }) => apiGet<Conversation[]>(base, signal),
  });

export function useConversations(base = '/api/conversations') {
  return useQuery(conversationsQuery(base));
}

export const unreadMessagesQuery = queryOptions({
  queryKey: messagingKeys.unread,
  queryFn: ({ signal }) => apiGet<z.infer<typeof UnreadCountResponse>>('/api/messages/unread-count', signal),
});

export function useUnreadMessages(enabled = true) {
  return useQuery({ ...unreadMessagesQuery, enabled });
}

export const conversationQuery = (api: ConversationApi, userId: number) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.conversation(api.base, userId),
    queryFn: ({ pageParam, signal }) =>
      apiGet<ConversationMessagesResponse>(
        `${api.base}/${userId}/messages${pageParam ? `?before=${pageParam}` : ''}`,
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? (last.messages[0]?.id ?? undefined) : undefined),
  });

export function useConversation(api: ConversationApi, userId: number) {
  return useInfiniteQuery(conversationQuery(api, userId));
}

export type ConversationPages = InfiniteData<ConversationMessagesResponse, number>;

export function useSendMessage(api: ConversationApi, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The user's own messages go through the spec's POST /api/messages; support replies through the admin route.
    mutationFn: (content: string) =>
      api.base === '/api/conversations'
        ? apiPost<Message>('/api/messages', {
            senderId: api.meId,
            receiverId: userId,
            content,
          } satisfies SendMessageBody)
        : apiPost<Message>(`${api.base}/${userId}/messages`, { content } satisfies ReplyBody),
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
    mutationFn: (upToId: number) =>
      apiPost<z.infer<typeof MarkReadResponse>>(`${api.base}/${userId}/read`, { upToId }),
    onSuccess: (result) => {
      if (result.updated > 0) {
        void invalidateMessaging(queryClient);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
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
    mutationFn: (body: ReportBody) => apiPost<{ id: number }>(`/api/users/${userId}/report`, body),
  });
}
