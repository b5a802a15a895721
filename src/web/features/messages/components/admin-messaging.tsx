import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useSearchParams } from '../../../lib/router';
import { useAppConfig } from '../../config/api';
import { useConversations } from '../api';
import { ChatPane } from './chat-pane';
import { ConversationList } from './conversation-list';

const SUPPORT_BASE = '/api/admin/support/conversations';

/** Conversations with YaadCare Support: every admin sees them and replies as support. */
export function SupportConversationsPanel() {
  const { data: config } = useAppConfig();
  const { data, isPending, isError } = useConversations(SUPPORT_BASE);
  const [params, setParams] = useSearchParams();
  const selected = Number.parseInt(params.get('support') ?? '', 10) || undefined;
  return (
    <section aria-labelledby="support-conversations-heading" className="space-y-4">
      <h2 id="support-conversations-heading" className="text-2xl font-bold">
        Support conversations
      </h2>
      {isPending || !config ? (
        <Spinner />
      ) : isError ? (
        <Alert>Could not load support conversations.</Alert>
      ) : data.length === 0 ? (
        <p className="text-muted-foreground">No one has written to YaadCare Support yet.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
          <div className={cn(selected ? 'hidden lg:block' : 'block', 'lg:h-[60vh]')}>
            <ConversationList
              label="Support conversations"
              conversations={data}
              selectedId={selected}
              meId={config.supportUserId}
              hrefFor={(id) => `/admin?support=${id}`}
            />
          </div>
          <div className={cn(selected ? 'block' : 'hidden lg:block', 'lg:h-[60vh]')}>
            {selected ? (
              <ChatPane
                key={selected}
                api={{ base: SUPPORT_BASE, meId: config.supportUserId }}
                userId={selected}
                headingLevel="h2"
                showAuthors
                onBack={() => {
                  params.delete('support');
                  setParams(params);
                }}
              />
            ) : (
              <div className="flex h-full items-center justify-center rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
                Select a conversation to answer as YaadCare Support.
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
