import { useId, useState } from 'react';
import { SUPPORT_CATEGORY_LABELS, SUPPORT_MESSAGE_MAX } from '../../../../shared/contracts/support';
import { FilteredListPanel } from '../../../components/filtered-list-panel';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate, formatDateTime } from '../../../lib/format';
import {
  type SupportTicket,
  type TicketFilter,
  useAdminTickets,
  useAnswerTicket,
  useCloseTicket,
} from '../api';

const FILTERS: { value: TicketFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

function TicketItem({ ticket }: { ticket: SupportTicket }) {
  const [answer, setAnswer] = useState('');
  const answerMutation = useAnswerTicket();
  const closeMutation = useCloseTicket();
  const id = useId();
  const busy = answerMutation.isPending || closeMutation.isPending;
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: errorMessage(error, 'Please try again.') });
  const send = (close: boolean) =>
    answerMutation.mutate(
      { id: ticket.id, answer: answer.trim(), close },
      {
        onSuccess: () => {
          setAnswer('');
          toast({
            title: `Answer sent to ${ticket.email}`,
            description: close ? 'Ticket closed.' : undefined,
          });
        },
        onError: failed('Answer not sent'),
      },
    );

  return (
    <li className="space-y-3 rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            {ticket.reference} · {ticket.subject}
          </h3>
          <p className="text-sm text-muted-foreground">
            {ticket.name} &lt;{ticket.email}&gt; · {ticket.userId ? `user #${ticket.userId}` : 'visitor'} ·{' '}
            {SUPPORT_CATEGORY_LABELS[ticket.category]} · {formatDate(ticket.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {ticket.priority ? (
            <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-bold">Priority</span>
          ) : null}
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-bold">{ticket.status}</span>
        </div>
      </div>
      {ticket.status === 'open' ? (
        <p className="text-sm">Reply promised by {formatDateTime(ticket.replyBy)} (Jamaica time)</p>
      ) : null}
      <p className="whitespace-pre-line">{ticket.message}</p>
      {ticket.answer ? (
        <div className="rounded-lg bg-primary-soft p-3 text-sm">
          <p className="font-semibold">Answered {ticket.answeredAt ? formatDate(ticket.answeredAt) : ''}</p>
          <p className="whitespace-pre-line">{ticket.answer}</p>
        </div>
      ) : null}
      {ticket.status === 'closed' ? null : (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            send(false);
          }}
        >
          <FormField label={`Answer to ${ticket.reference} (e-mailed to the sender)`} id={`${id}-answer`}>
            <Textarea
              value={answer}
              maxLength={SUPPORT_MESSAGE_MAX}
              onChange={(e) => setAnswer(e.target.value)}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={answer.trim().length < 2 || busy}>
              Send answer
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={answer.trim().length < 2 || busy}
              onClick={() => send(true)}
            >
              Send and close
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              aria-label={`Close ${ticket.reference} without answering`}
              onClick={() =>
                closeMutation.mutate(ticket.id, {
                  onSuccess: () => toast({ title: `${ticket.reference} closed` }),
                  onError: failed('Not closed'),
                })
              }
            >
              Close ticket
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/** /admin: messages from the support form; admins answer (by e-mail) and close them. */
export function AdminTicketsPanel() {
  const [status, setStatus] = useState<TicketFilter>('open');
  const query = useAdminTickets(status);
  return (
    <FilteredListPanel
      id="tickets"
      title="Support tickets"
      filterLabel="Show"
      status={status}
      options={FILTERS}
      onStatusChange={setStatus}
      query={query}
      errorText="Could not load support tickets."
      isEmpty={(d) => d.items.length === 0}
      emptyText={`No ${status === 'all' ? '' : `${status} `}tickets.`}
    >
      {(data) => (
        <>
          <p className="text-sm text-muted-foreground">{data.total} ticket(s)</p>
          <ul className="space-y-3">
            {data.items.map((t) => (
              <TicketItem key={t.id} ticket={t} />
            ))}
          </ul>
        </>
      )}
    </FilteredListPanel>
  );
}
