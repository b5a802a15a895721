import { ArrowLeft } from 'lucide-react';
import { Alert } from '../components/ui/form-field';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { ChatPane } from '../features/messages/components/chat-pane';
import { Link, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** /chat/{userId}: the conversation with one person (from a profile's Send Message, a booking, or support). */
export default function ChatPage() {
  useDocumentTitle('Chat');
  const me = useSignedInUser();
  const { userId } = useParams();
  const id = Number.parseInt(userId ?? '', 10);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="sr-only">Chat</h1>
      <Link
        to="/messages"
        className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All messages
      </Link>
      {Number.isInteger(id) && id > 0 && String(id) === userId ? (
        id === me.id ? (
          <Alert>You can't send messages to yourself.</Alert>
        ) : (
          <div className="h-[75vh]">
            <ChatPane api={{ base: '/api/conversations', meId: me.id }} userId={id} />
          </div>
        )
      ) : (
        <Alert>This conversation does not exist.</Alert>
      )}
    </div>
  );
}
