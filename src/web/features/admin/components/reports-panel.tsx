import { useId, useState } from 'react';
import { REPORT_ACTION_LABELS, type ReportActionKind } from '../../../../shared/contracts/reports';
import { FilteredListPanel, type FilterOption } from '../../../components/filtered-list-panel';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-messages';
import { type AdminReportItem, useAdminReports, useReportAction } from '../reports-api';

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Jamaica',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

const ACTION_BUTTON: Record<
  ReportActionKind,
  { text: string; variant: 'primary' | 'destructive' | 'outline' }
> = {
  warn: { text: 'Send warning', variant: 'primary' },
  suspend: { text: 'Suspend user', variant: 'destructive' },
  dismiss: { text: 'Dismiss', variant: 'outline' },
};

/** Warn, suspend or dismiss, with a note (a warning's note is what the user reads). */
function ReportActions({ report }: { report: AdminReportItem }) {
  const [action, setAction] = useState<ReportActionKind>('warn');
  const [note, setNote] = useState('');
  const act = useReportAction();
  const id = useId();
  const reported = nameOf(report.reported);
  const needsNote = action === 'warn' && note.trim().length < 3;
  return (
    <form
      aria-label={`Act on the report about ${reported}`}
      className="space-y-3 rounded-lg border border-border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        act.mutate(
          { id: report.id, body: action === 'warn' ? { action: 'warn', note } : { action, note } },
          {
            onSuccess: () => toast({ title: `Report ${REPORT_ACTION_LABELS[action].toLowerCase()}` }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Not saved',
                description: errorMessage(error, 'Please try again.'),
              }),
          },
        );
      }}
    >
      <FormField label="Action" id={`${id}-action`}>
        <Select value={action} onChange={(e) => setAction(e.target.value as ReportActionKind)}>
          <option value="warn">Warn: send {report.reported.firstName} a notice</option>
          <option value="suspend">Suspend {report.reported.firstName}</option>
          <option value="dismiss">Dismiss: nothing against the rules</option>
        </Select>
      </FormField>
      <FormField
        label={
          action === 'warn'
            ? `Warning ${report.reported.firstName} will read`
            : 'Note for the audit trail (optional)'
        }
        id={`${id}-note`}
      >
        <Textarea
          className="min-h-16"
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.target.value)}
        />
      </FormField>
      <Button
        type="submit"
        size="sm"
        variant={ACTION_BUTTON[action].variant}
        disabled={needsNote || act.isPending}
      >
        {ACTION_BUTTON[action].text}
      </Button>
    </form>
  );
}

function ReportCard({ report }: { report: AdminReportItem }) {
  const reporter = nameOf(report.reporter);
  const reported = nameOf(report.reported);
  const headingId = useId();
  return (
    <li
      className="min-w-0 space-y-3 rounded-xl border border-border bg-surface p-4"
      aria-labelledby={headingId}
    >
      <div>
        <h3 id={headingId} className="font-bold break-words">
          {reporter} reported {reported}
          {report.reported.suspended ? (
            <span className="ml-2 rounded-full bg-destructive-soft px-2 py-0.5 text-xs font-bold text-destructive">
              Suspended
            </span>
          ) : null}
        </h3>
        <p className="text-sm text-muted-foreground">{dateTime.format(new Date(report.createdAt))}</p>
        <p className="mt-2 break-words whitespace-pre-wrap">{report.reason}</p>
      </div>
      <div>
        <h4 className="text-sm font-semibold">
          {report.reportedMessageId
            ? 'The reported message in its conversation'
            : 'Their last messages before the report'}
        </h4>
        {report.conversation.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">They have not exchanged messages.</p>
        ) : (
          <ol className="mt-2 space-y-1 text-sm">
            {report.conversation.map((m) => {
              const flagged = m.id === report.reportedMessageId;
              return (
                <li
                  key={m.id}
                  className={cn(
                    'rounded-lg px-3 py-2',
                    flagged ? 'border-2 border-destructive bg-destructive-soft' : 'bg-muted',
                  )}
                >
                  <span className="font-semibold">
                    {m.senderId === report.reporter.id ? reporter : reported}
                  </span>{' '}
                  <time dateTime={m.createdAt} className="text-xs text-muted-foreground">
                    {dateTime.format(new Date(m.createdAt))}
                  </time>
                  {flagged ? (
                    <strong className="ml-2 text-xs text-destructive">Reported message</strong>
                  ) : null}
                  <p className="break-words whitespace-pre-wrap">{m.content}</p>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <div>
        <h4 className="text-sm font-semibold">Audit trail</h4>
        {report.actions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No action yet.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm" aria-label={`Audit trail of the report about ${reported}`}>
            {report.actions.map((a) => (
              <li key={`${a.createdAt}-${a.action}`} className="break-words">
                <strong>{REPORT_ACTION_LABELS[a.action]}</strong> by{' '}
                {a.admin ? nameOf(a.admin) : 'a former admin'} on{' '}
                <time dateTime={a.createdAt}>{dateTime.format(new Date(a.createdAt))}</time>
                {a.note ? `: ${a.note}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      {report.status === 'open' ? <ReportActions report={report} /> : null}
    </li>
  );
}

const REPORT_FILTERS: FilterOption<'open' | 'resolved'>[] = [
  { value: 'open', label: 'Open reports' },
  { value: 'resolved', label: 'Closed reports' },
];

/** /admin "Reports": user reports from the chat, the reported message in context, actions and audit trail. */
export function ReportsPanel() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const query = useAdminReports(status);
  return (
    <FilteredListPanel
      id="reports"
      title="Reported users"
      filterLabel="Show"
      status={status}
      options={REPORT_FILTERS}
      onStatusChange={setStatus}
      query={query}
      loadingLabel="Loading reports"
      errorText="Could not load reports."
      isEmpty={(d) => d.length === 0}
      emptyText={status === 'open' ? 'No open reports.' : 'No closed reports.'}
    >
      {(data) => (
        <ul className="space-y-4">
          {data.map((r) => (
            <ReportCard key={r.id} report={r} />
          ))}
        </ul>
      )}
    </FilteredListPanel>
  );
}
