import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useAppConfig } from '../../config/api';
import { useConversations, useReports, useResolveReport } from '../api';
import { ChatPane } from './chat-pane';
import { ConversationList } from './conversation-list';

const SUPPORT_BASE = '/api/admin/support/conversations';
const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Jamaica',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

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

/** Reported users, with the conversation between reporter and reported. */
export function ReportsQueue() {
  const { data, isPending, isError } = useReports();
  const resolve = useResolveReport();
  return (
    <section aria-labelledby="reports-heading" className="space-y-4">
      <h2 id="reports-heading" className="text-2xl font-bold">
        Reported users
      </h2>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Alert>Could not load reports.</Alert>
      ) : data.length === 0 ? (
        <p className="text-muted-foreground">No open reports.</p>
      ) : (
        <ul className="space-y-4">
          {data.map((r) => {
            const reporter = `${r.reporter.firstName} ${r.reporter.lastName}`;
            const reported = `${r.reported.firstName} ${r.reported.lastName}`;
            return (
              <li key={r.id} className="rounded-xl border border-border bg-surface p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 className="font-bold">
                      {reporter} reported {reported}
                      {r.reported.suspended ? (
                        <span className="ml-2 rounded-full bg-destructive-soft px-2 py-0.5 text-xs font-bold text-destructive">
                          Suspended
                        </span>
                      ) : null}
                    </h3>
                    <p className="text-sm text-muted-foreground">{dateTime.format(new Date(r.createdAt))}</p>
                    <p className="mt-2 break-words whitespace-pre-wrap">{r.reason}</p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={resolve.isPending}
                    aria-label={`Resolve the report about ${reported}`}
                    onClick={() =>
                      resolve.mutate(r.id, {
                        onSuccess: () => toast({ title: 'Report resolved' }),
                        onError: (error) =>
                          toast({
                            variant: 'destructive',
                            title: 'Not resolved',
                            description: errorMessage(error, 'Please try again.'),
                          }),
                      })
                    }
                  >
                    Resolve
                  </Button>
                </div>
                <details className="mt-3">
                  <summary className="cursor-pointer text-sm font-semibold text-primary">
                    Conversation ({r.conversation.length} messages)
                  </summary>
                  {r.conversation.length === 0 ? (
                    <p className="mt-2 text-sm text-muted-foreground">They have not exchanged messages.</p>
                  ) : (
                    <ol className="mt-2 space-y-1 text-sm">
                      {r.conversation.map((m) => (
                        <li key={m.id} className="rounded-lg bg-muted px-3 py-2">
                          <span className="font-semibold">
                            {m.senderId === r.reporter.id ? reporter : reported}
                          </span>{' '}
                          <time dateTime={m.createdAt} className="text-xs text-muted-foreground">
                            {dateTime.format(new Date(m.createdAt))}
                          </time>
                          <p className="break-words whitespace-pre-wrap">{m.content}</p>
                        </li>
                      ))}
                    </ol>
                  )}
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Everything messaging adds to /admin. */
export function MessagingAdminSections() {
  return (
    <div className="mt-10 space-y-10">
      <SupportConversationsPanel />
      <ReportsQueue />
    </div>
  );
}
