import { Inbox, RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Alert } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import { firstUrl, type OutboxMail, useOutbox } from '../features/dev-outbox/api';
import { isApiError } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

const formatSent = new Intl.DateTimeFormat('en-JM', {
  timeZone: 'America/Jamaica',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Same-origin links open in place (relative), other http(s) links as they are. */
function linkHref(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin === window.location.origin) return `${parsed.pathname}${parsed.search}${parsed.hash}`;
    return parsed.href;
  } catch {
    return url;
  }
}

function MailItem({ mail }: { mail: OutboxMail }) {
  const url = firstUrl(mail.text);
  const headingId = `mail-${mail.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
      >
        <h2 id={headingId} className="text-lg font-bold">
          {mail.subject}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          To <span className="font-semibold text-foreground">{mail.to}</span> ·{' '}
          <time dateTime={mail.createdAt}>{formatSent.format(new Date(mail.createdAt))}</time>
        </p>
        <pre className="mt-4 overflow-x-auto rounded-lg bg-muted p-4 font-mono text-sm whitespace-pre-wrap break-words">
          {mail.text}
        </pre>
        {url ? (
          <a
            href={linkHref(url)}
            className="mt-3 inline-block font-semibold text-primary underline underline-offset-4 hover:text-primary-hover"
          >
            Open link<span className="sr-only"> in “{mail.subject}”</span>
          </a>
        ) : null}
      </article>
    </li>
  );
}

export default function DevOutboxPage() {
  useDocumentTitle('Outbox');
  const { data: mails, isPending, isError, error, refetch, isFetching } = useOutbox();

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
            <Inbox aria-hidden="true" className="size-8 text-primary" />
            Outbox
          </h1>
          <p className="mt-1 text-muted-foreground">E-mails the app has sent in demo mode, newest first.</p>
        </div>
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Refresh
        </Button>
      </div>

      <div className="mt-8">
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <Alert variant={isApiError(error) && error.status === 404 ? 'info' : 'destructive'}>
            {isApiError(error) && error.status === 404
              ? 'The outbox is only available in demo mode.'
              : 'Could not load the outbox. Please try again.'}
          </Alert>
        ) : mails.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border-strong p-8 text-center text-muted-foreground">
            No e-mails yet.
          </p>
        ) : (
          <ul className="space-y-4">
            {mails.map((mail) => (
              <MailItem key={mail.id} mail={mail} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
