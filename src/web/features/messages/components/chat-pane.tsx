import { useEffect, useMemo, useRef } from 'react';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-messages';
import { type ConversationApi, useConversation, useMarkConversationRead } from '../api';
import { ChatComposer } from './chat-composer';
import { ChatHeader } from './chat-header';
import { MessageLog } from './message-log';

export { SEND_FAILED } from './chat-composer';

/**
 * One conversation: the history (earlier pages on demand), read ticks on your messages, and the
 * composer (Enter sends, Shift+Enter is a new line). Content is shown as text, never as HTML.
 */
export function ChatPane({
  api,
  userId,
  onBack,
  headingLevel = 'h2',
  showAuthors = false,
}: {
  api: ConversationApi;
  userId: number;
  /** Shows a Back button (the messages page on phones). */
  onBack?: () => void;
  headingLevel?: 'h1' | 'h2';
  /** Admins: show which admin wrote each support reply. */
  showAuthors?: boolean;
}) {
  const query = useConversation(api, userId);
  const { mutate: markRead } = useMarkConversationRead(api, userId);
  const lastMarked = useRef(0);

  const pages = query.data?.pages;
  const head = pages?.[0];
  const messages = useMemo(() => (pages ? [...pages].reverse().flatMap((p) => p.messages) : []), [pages]);

  // What the reader sees is read: mark their incoming messages read while the page is visible.
  const newestUnreadFromThem = useMemo(
    () => messages.filter((m) => m.senderId === userId && !m.isRead).at(-1)?.id ?? 0,
    [messages, userId],
  );
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      if (newestUnreadFromThem > lastMarked.current) {
        lastMarked.current = newestUnreadFromThem;
        markRead(newestUnreadFromThem);
      }
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestUnreadFromThem, markRead]);

  if (query.isPending) return <Spinner />;
  if (query.isError || !head) {
    return <Alert>{errorMessage(query.error, 'Could not load this conversation.')}</Alert>;
  }
  const other = head.user;
  const name = `${other.firstName} ${other.lastName}`;
  return (
    <section
      aria-label={`Conversation with ${name}`}
      className="flex h-full min-h-[28rem] flex-col rounded-2xl border border-border bg-surface"
    >
      <ChatHeader
        api={api}
        userId={userId}
        head={head}
        messages={messages}
        name={name}
        onBack={onBack}
        headingLevel={headingLevel}
      />
      <MessageLog
        messages={messages}
        meId={api.meId}
        otherFirstName={other.firstName}
        name={name}
        showAuthors={showAuthors}
        hasEarlier={query.hasNextPage}
        loadingEarlier={query.isFetchingNextPage}
        onLoadEarlier={() => query.fetchNextPage()}
      />
      <ChatComposer api={api} userId={userId} head={head} />
    </section>
  );
}
