import { type KeyboardEvent, useId, useState } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/contracts/messages';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { Link } from '../../../lib/router';
import { type ConversationApi, type ConversationMessagesResponse, useSendMessage } from '../api';

export const SEND_FAILED = 'Failed to send message. Please try again.';

/**
 * The composer (Enter sends, Shift+Enter is a new line), or, when no message can be sent, why not
 * (blocked, support away) with a way on.
 */
export function ChatComposer({
  api,
  userId,
  head,
}: {
  api: ConversationApi;
  userId: number;
  head: ConversationMessagesResponse;
}) {
  const send = useSendMessage(api, userId);
  const [text, setText] = useState('');
  const inputId = useId();
  const other = head.user;
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

  return head.canMessage ? (
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
  );
}
