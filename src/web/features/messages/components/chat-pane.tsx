import { ArrowLeft, Check, CheckCheck, Flag, ShieldBan, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/contracts/messages';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import {
  type ConversationApi,
  type Message,
  useBlock,
  useConversation,
  useMarkConversationRead,
  useReport,
  useSendMessage,
} from '../api';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Jamaica',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const SEND_FAILED = 'Failed to send message. Please try again.';

/** How many of their latest messages the report dialog offers to point at. */
const REPORTABLE_MESSAGES = 10;
const snippet = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

function ReportDialog({ userId, name, theirs }: { userId: number; name: string; theirs: Message[] }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [messageId, setMessageId] = useState('');
  const report = useReport(userId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return;
    report.mutate(
      { reason: reason.trim(), messageId: messageId ? Number(messageId) : undefined },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          setMessageId('');
          toast({ title: 'Report sent', description: 'Our team will review this conversation.' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Report not sent',
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          <Flag aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Report</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-5 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-xl font-bold">Report {name}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted-foreground">
                Our team will see your conversation with {name} and your reason.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <form onSubmit={submit} className="mt-4 space-y-4">
            {theirs.length > 0 ? (
              <FormField label="Which message? (optional)">
                <Select value={messageId} onChange={(e) => setMessageId(e.target.value)}>
                  <option value="">The conversation as a whole</option>
                  {theirs.map((m) => (
                    <option key={m.id} value={String(m.id)}>
                      {timeFormat.format(new Date(m.createdAt))}: {snippet(m.content)}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : null}
            <FormField label="What happened?">
              <Textarea
                value={reason}
                maxLength={1000}
                onChange={(e) => setReason(e.target.value)}
                required
              />
            </FormField>
            <Button type="submit" variant="destructive" disabled={!reason.trim() || report.isPending}>
              {report.isPending ? 'Sending…' : 'Send report'}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReadTick({ message }: { message: Message }) {
  return message.readAt ? (
    <span className="inline-flex items-center" data-testid="read-tick" title="Read">
      <CheckCheck aria-hidden="true" className="size-4" />
      <span className="sr-only">Read</span>
    </span>
  ) : (
    <span className="inline-flex items-center" title="Sent">
      <Check aria-hidden="true" className="size-4" />
      <span className="sr-only">Sent</span>
    </span>
  );
}

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
  const send = useSendMessage(api, userId);
  const { mutate: markRead } = useMarkConversationRead(api, userId);
  const block = useBlock(userId);
  const [text, setText] = useState('');
  const inputId = useId();
  const endRef = useRef<HTMLLIElement>(null);
  const lastMarked = useRef(0);

  const pages = query.data?.pages;
  const head = pages?.[0];
  const messages = useMemo(() => (pages ? [...pages].reverse().flatMap((p) => p.messages) : []), [pages]);
  const newestId = messages.at(-1)?.id ?? 0;

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

  useEffect(() => {
    if (newestId) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newestId]);

  if (query.isPending) return <Spinner />;
  if (query.isError || !head) {
    return <Alert>{errorMessage(query.error, 'Could not load this conversation.')}</Alert>;
  }
  const other = head.user;
  const name = `${other.firstName} ${other.lastName}`;
  const Heading = headingLevel;
  const trimmed = text.trim();

  const submit = () => {
    if (!trimmed || send.isPending) return;
    send.mutate(trimmed, {
      onSuccess: () => setText(''),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: SEND_FAILED,
          description:
            error && 'status' in error && (error as { status: number }).status === 429
              ? errorMessage(error, SEND_FAILED)
              : undefined,
        }),
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <section
      aria-label={`Conversation with ${name}`}
      className="flex h-full min-h-[28rem] flex-col rounded-2xl border border-border bg-surface"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-border p-3">
        {onBack ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={onBack}
            aria-label="Back to conversations"
            className="lg:hidden"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Button>
        ) : null}
        <UserAvatar user={other} />
        <div className="min-w-0 flex-1">
          <Heading className="truncate text-lg font-bold">{name}</Heading>
          <p className="text-xs text-muted-foreground">
            {other.isSupport ? 'Support team' : other.userType === 'caregiver' ? 'Caregiver' : 'Family'}
          </p>
        </div>
        {other.isSupport || api.base !== '/api/conversations' ? null : (
          <div className="flex shrink-0 items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              disabled={block.isPending}
              onClick={() =>
                block.mutate(!head.blockedByMe, {
                  onSuccess: () =>
                    toast({ title: head.blockedByMe ? `${name} unblocked` : `${name} blocked` }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Not changed',
                      description: errorMessage(error, 'Please try again.'),
                    }),
                })
              }
            >
              <ShieldBan aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">{head.blockedByMe ? 'Unblock' : 'Block'}</span>
            </Button>
            <ReportDialog
              userId={userId}
              name={name}
              theirs={messages
                .filter((m) => m.senderId === userId)
                .slice(-REPORTABLE_MESSAGES)
                .reverse()}
            />
          </div>
        )}
      </header>

      <div
        role="log"
        aria-label={`Messages with ${name}`}
        className="flex-1 overflow-y-auto p-3"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
      >
        {query.hasNextPage ? (
          <div className="mb-3 text-center">
            <Button
              variant="outline"
              size="sm"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">
            No messages yet. Say hello to {other.firstName}!
          </p>
        ) : (
          <ol className="space-y-2">
            {messages.map((m) => {
              const mine = m.senderId === api.meId;
              return (
                <li
                  key={m.id}
                  className={cn('flex', mine ? 'justify-end' : 'justify-start')}
                  data-testid="chat-message"
                >
                  <div
                    className={cn(
                      'max-w-[85%] rounded-2xl px-3 py-2 sm:max-w-[75%]',
                      mine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
                    )}
                  >
                    <span className="sr-only">{mine ? 'You' : other.firstName}: </span>
                    <p className="break-words whitespace-pre-wrap">{m.content}</p>
                    <p
                      className={cn(
                        'mt-1 flex items-center justify-end gap-1 text-xs',
                        mine ? 'text-primary-foreground' : 'text-muted-foreground',
                      )}
                    >
                      {showAuthors && m.sentByAdmin ? <span>{m.sentByAdmin} ·</span> : null}
                      <time dateTime={m.createdAt}>{timeFormat.format(new Date(m.createdAt))}</time>
                      {mine ? <ReadTick message={m} /> : null}
                    </p>
                  </div>
                </li>
              );
            })}
            <li ref={endRef} aria-hidden="true" />
          </ol>
        )}
      </div>

      {head.canMessage ? (
        <form
          className="flex items-end gap-2 border-t border-border p-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Message {other.firstName}
          </label>
          <Textarea
            id={inputId}
            rows={2}
            value={text}
            maxLength={MESSAGE_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Type a message…"
            className="min-h-12 flex-1 resize-none"
            aria-describedby={`${inputId}-hint`}
          />
          <span id={`${inputId}-hint`} className="sr-only">
            Enter sends, Shift+Enter starts a new line.
          </span>
          <Button type="submit" disabled={!trimmed || send.isPending}>
            {send.isPending ? 'Sending…' : 'Send'}
          </Button>
        </form>
      ) : (
        <p className="border-t border-border p-3 text-sm text-muted-foreground" role="note">
          {head.blockedByMe
            ? `You blocked ${other.firstName}. Unblock them to send messages.`
            : head.blockedMe
              ? "You can't send messages to this user."
              : other.isSupport
                ? 'Support is not available right now.'
                : `You can't message ${other.firstName}.`}{' '}
          {head.blockedByMe || head.blockedMe ? null : (
            <Link to="/search" className="font-semibold text-primary underline">
              Find care
            </Link>
          )}
        </p>
      )}
    </section>
  );
}
