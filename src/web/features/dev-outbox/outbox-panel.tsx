import { Inbox, MessageSquareText, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { firstUrl, type OutboxMail, type OutboxSms, useOutbox, useSmsOutbox } from './api';

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

function Sent({ to, at }: { to: string; at: string }) {
  return (
    <p className="mt-1 text-sm text-muted-foreground">
      To <span className="font-semibold text-foreground">{to}</span> ·{' '}
      <time dateTime={at}>{formatSent.format(new Date(at))}</time>
    </p>
  );
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
        <h4 id={headingId} className="text-lg font-bold">
          {mail.subject}
        </h4>
        <Sent to={mail.to} at={mail.createdAt} />
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

function SmsItem({ sms }: { sms: OutboxSms }) {
  return (
    <li className="rounded-2xl border border-border bg-surface p-4 shadow-sm">
      {sms.channel === 'whatsapp' ? (
        <p className="mb-1 text-xs font-bold tracking-wide text-muted-foreground uppercase">WhatsApp</p>
      ) : null}
      <p className="font-mono text-sm">{sms.body}</p>
      <Sent to={sms.to} at={sms.createdAt} />
    </li>
  );
}

interface ListState<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** One outbox: loading, demo-only (404), failed, empty, or its items. */
function OutboxList<T>({
  what,
  state,
  empty,
  children,
}: {
  what: string;
  state: ListState<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (state.isPending) return <Spinner />;
  if (state.isError) {
    const demoOnly = isApiError(state.error) && state.error.status === 404;
    return (
      <Alert variant={demoOnly ? 'info' : 'destructive'}>
        {demoOnly
          ? `The ${what} is only available in demo mode.`
          : `Could not load the ${what}. Please try again.`}
      </Alert>
    );
  }
  if (!state.data?.length) {
    return (
      <p className="rounded-2xl border border-dashed border-border-strong p-8 text-center text-muted-foreground">
        {empty}
      </p>
    );
  }
  return <>{children(state.data)}</>;
}

/** The admin console's Outbox tab: mail and SMS the app kept instead of sending (demo mode), newest first. */
export function OutboxPanel() {
  const mails = useOutbox();
  const texts = useSmsOutbox();
  const refreshing = mails.isFetching || texts.isFetching;
  return (
    <section aria-labelledby="outbox-heading" className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="outbox-heading" className="flex items-center gap-2 text-2xl font-bold">
            <Inbox aria-hidden="true" className="size-6 text-primary" />
            Outbox
          </h2>
          <p className="mt-1 text-muted-foreground">
            E-mails and text messages the app kept in demo mode instead of sending them, newest first.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => void Promise.all([mails.refetch(), texts.refetch()])}
          disabled={refreshing}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Refresh
        </Button>
      </div>
      <section aria-labelledby="outbox-mail-heading" className="space-y-4">
        <h3 id="outbox-mail-heading" className="text-xl font-bold">
          E-mail
        </h3>
        <OutboxList what="outbox" state={mails} empty="No e-mails yet.">
          {(items) => (
            <ul className="space-y-4">
              {items.map((mail) => (
                <MailItem key={mail.id} mail={mail} />
              ))}
            </ul>
          )}
        </OutboxList>
      </section>
      <section aria-labelledby="outbox-sms-heading" className="space-y-4">
        <h3 id="outbox-sms-heading" className="flex items-center gap-2 text-xl font-bold">
          <MessageSquareText aria-hidden="true" className="size-5 text-primary" />
          Text messages
        </h3>
        <OutboxList what="SMS outbox" state={texts} empty="No text messages yet.">
          {(items) => (
            <ul className="space-y-3">
              {items.map((sms) => (
                <SmsItem key={sms.id} sms={sms} />
              ))}
            </ul>
          )}
        </OutboxList>
      </section>
    </section>
  );
}
