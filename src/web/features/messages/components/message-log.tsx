import { Check, CheckCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatMessageTime } from '../../../lib/format';
import type { Message } from '../api';

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
 * The history of a conversation, oldest first, with 'Load earlier messages' while there are more; read
 * ticks on your own messages; keeps the newest in view.
 */
export function MessageLog({
  messages,
  meId,
  otherFirstName,
  name,
  showAuthors,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
}: {
  messages: Message[];
  meId: number;
  otherFirstName: string;
  name: string;
  showAuthors: boolean;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
}) {
  const endRef = useRef<HTMLLIElement>(null);
  const newestId = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (newestId) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newestId]);
  return (
    <div
      role="log"
      aria-label={`Messages with ${name}`}
      className="flex-1 overflow-y-auto p-3"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
    >
      {hasEarlier ? (
        <div className="mb-3 text-center">
          <Button variant="outline" size="sm" disabled={loadingEarlier} onClick={onLoadEarlier}>
            {loadingEarlier ? 'Loading…' : 'Load earlier messages'}
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">
          No messages yet. Say hello to {otherFirstName}!
        </p>
      ) : (
        <ol className="space-y-2">
          {messages.map((m) => {
            const mine = m.senderId === meId;
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
                  <span className="sr-only">{mine ? 'You' : otherFirstName}: </span>
                  <p className="break-words whitespace-pre-wrap">{m.content}</p>
                  <p
                    className={cn(
                      'mt-1 flex items-center justify-end gap-1 text-xs',
                      mine ? 'text-primary-foreground' : 'text-muted-foreground',
                    )}
                  >
                    {showAuthors && m.sentByAdmin ? <span>{m.sentByAdmin} ·</span> : null}
                    <time dateTime={m.createdAt}>{formatMessageTime(m.createdAt)}</time>
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
  );
}
