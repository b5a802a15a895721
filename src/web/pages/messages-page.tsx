import { MessageCircle } from 'lucide-react';
import { buttonClasses } from '../components/ui/button';
import { Alert } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { useConversations } from '../features/messages/api';
import { ChatPane } from '../features/messages/components/chat-pane';
import { ConversationList } from '../features/messages/components/conversation-list';
import { cn } from '../lib/cn';
import { Link, useNavigate, useSearchParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** /messages: the conversation list beside the chat; on phones one or the other. */
export default function MessagesPage() {
  useDocumentTitle('Messages');
  const me = useSignedInUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const withId = Number.parseInt(params.get('with') ?? '', 10);
  const selected = Number.isInteger(withId) && withId > 0 ? withId : undefined;
  const { data, isPending, isError } = useConversations();
  const api = { base: '/api/conversations', meId: me.id };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <h1
        className={cn(
          'mb-4 text-3xl font-extrabold tracking-tight',
          selected ? 'sr-only lg:not-sr-only' : undefined,
        )}
      >
        Messages
      </h1>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Alert>Could not load your conversations.</Alert>
      ) : data.length === 0 && !selected ? (
        <div className="rounded-2xl border border-border bg-surface p-8 text-center">
          <MessageCircle aria-hidden="true" className="mx-auto size-10 text-primary" />
          <h2 className="mt-3 text-xl font-bold">No conversations yet</h2>
          <p className="mt-1 text-muted-foreground">
            {me.userType === 'caregiver'
              ? 'When a family writes to you, the conversation appears here.'
              : 'Find a caregiver and press Send Message on their profile to start a conversation.'}
          </p>
          {me.userType === 'caregiver' ? null : (
            <Link to="/search" className={buttonClasses({ className: 'mt-4' })}>
              Find Care
            </Link>
          )}
        </div>
      ) : (
        // minmax(0, …) and min-w-0: a long name or preview is cut with an ellipsis, never widens the page.
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:h-[70vh] lg:grid-cols-[20rem_minmax(0,1fr)]">
          <div className={cn(selected ? 'hidden lg:block' : 'block', 'min-w-0 lg:h-[70vh]')}>
            <ConversationList
              conversations={data}
              selectedId={selected}
              meId={me.id}
              hrefFor={(id) => `/messages?with=${id}`}
            />
          </div>
          <div className={cn(selected ? 'block' : 'hidden lg:block', 'min-w-0 lg:h-[70vh]')}>
            {selected ? (
              <ChatPane key={selected} api={api} userId={selected} onBack={() => navigate('/messages')} />
            ) : (
              <div className="flex h-full items-center justify-center rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
                Select a conversation to read and reply.
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
