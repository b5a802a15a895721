import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { UserAvatar } from '../../../components/user-avatar';
import { cn } from '../../../lib/cn';
import { formatMessageTime } from '../../../lib/format';
import { Link } from '../../../lib/router';
import type { Conversation } from '../api';

/** '12:05 PM' today, 'Yesterday, 12:05 PM', then the day only (issue 32 item 14: not '12:05 PM' for yesterday). */
const when = (iso: string) => formatMessageTime(iso, { withTime: false });

/** Conversations, newest first, with unread counts and a search by name. */
export function ConversationList({
  conversations,
  selectedId,
  hrefFor,
  meId,
  label = 'Conversations',
}: {
  conversations: Conversation[];
  selectedId?: number;
  hrefFor: (userId: number) => string;
  meId: number;
  label?: string;
}) {
  const [q, setQ] = useState('');
  const searchId = useId();
  const term = q.trim().toLowerCase();
  const shown = term
    ? conversations.filter((c) => `${c.user.firstName} ${c.user.lastName}`.toLowerCase().includes(term))
    : conversations;
  return (
    <nav aria-label={label} className="flex h-full flex-col rounded-2xl border border-border bg-surface">
      <div className="border-b border-border p-3">
        <label htmlFor={searchId} className="sr-only">
          Search conversations by name
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search by name"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground">
          {term ? `No conversations match “${q.trim()}”.` : 'No conversations yet.'}
        </p>
      ) : (
        <ul className="flex-1 divide-y divide-border overflow-y-auto">
          {shown.map((c) => {
            const name = `${c.user.firstName} ${c.user.lastName}`;
            const selected = c.user.id === selectedId;
            const mine = c.lastMessage.senderId === meId;
            return (
              <li key={c.user.id}>
                <Link
                  to={hrefFor(c.user.id)}
                  aria-current={selected ? 'page' : undefined}
                  className={cn('flex items-center gap-3 p-3 hover:bg-muted', selected && 'bg-primary-soft')}
                  data-testid="conversation-row"
                >
                  <UserAvatar user={c.user} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={cn('truncate', c.unreadCount > 0 ? 'font-bold' : 'font-semibold')}>
                        {name}
                      </span>
                      <time
                        dateTime={c.lastMessage.createdAt}
                        className="shrink-0 text-xs text-muted-foreground"
                      >
                        {when(c.lastMessage.createdAt)}
                      </time>
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm text-muted-foreground">
                        {mine ? 'You: ' : ''}
                        {c.lastMessage.content}
                      </span>
                      {c.unreadCount > 0 ? (
                        <span className="shrink-0 rounded-full bg-accent px-2 text-xs font-bold text-accent-foreground">
                          {c.unreadCount}
                          <span className="sr-only"> unread</span>
                        </span>
                      ) : null}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
