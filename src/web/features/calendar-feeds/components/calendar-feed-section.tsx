import { CalendarPlus, Check, Copy, RefreshCw } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { useCalendarFeed, useCreateCalendarFeed, useTurnOffCalendarFeed } from '../api';

/** The new link, shown once: the server keeps only a hash of its secret. */
function NewLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const copy = () =>
    navigator.clipboard
      .writeText(url)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('failed'));
  return (
    <div
      className="space-y-3 rounded-xl border border-primary bg-primary-soft p-4"
      data-testid="calendar-feed-link"
    >
      <p role="status" className="font-semibold">
        Your calendar link is ready. Copy it now: it is shown only this once.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="calendar-feed-url" className="sr-only">
          Calendar feed link
        </label>
        <Input
          ref={input}
          id="calendar-feed-url"
          readOnly
          value={url}
          className="min-w-0 font-mono text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => void copy()} className="shrink-0">
          {copied === 'yes' ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied === 'yes' ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      {copied === 'failed' ? (
        <p className="text-sm">Your browser did not allow copying: select the link and copy it yourself.</p>
      ) : null}
      <div className="text-sm">
        <p className="font-semibold">Then add it to your calendar:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>
            <span className="font-semibold">Google Calendar</span> (on a computer): Other calendars → + → From
            URL, paste the link, Add calendar.
          </li>
          <li>
            <span className="font-semibold">Apple Calendar</span>: File → New Calendar Subscription (on an
            iPhone: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar), paste the
            link.
          </li>
          <li>
            <span className="font-semibold">Outlook</span>: Add calendar → Subscribe from web, paste the link.
          </li>
        </ul>
        <p className="mt-2">
          Anyone with this link can see when your bookings are and in which town, so keep it to yourself. If
          it gets out, make a new link: the old one stops working at once.
        </p>
      </div>
    </div>
  );
}

/** "Make a new link" for a feed that is on: it asks first, because the old link stops working at once. */
function RotateDialog({ onConfirm, pending }: { onConfirm: () => void; pending: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline">
          <RefreshCw aria-hidden="true" className="size-4" /> Make a new link
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-xl font-bold">Make a new calendar link?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">
            The old link stops working at once. Calendars subscribed to it stop updating until you add the new
            link to them.
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            <Button
              disabled={pending}
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              Make a new link
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** /settings → Calendar feed (issue 33, ADR 0049): a private ICS link for Google, Apple or Outlook. */
export function CalendarFeedSection({ userType }: { userType: 'family' | 'caregiver' | 'admin' }) {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const what = userType === 'caregiver' ? 'bookings, meetings and time off' : 'bookings and meetings';

  const makeLink = () => {
    setError(null);
    create.mutate(undefined, {
      onSuccess: (res) => setUrl(res.url),
      onError: (err) => setError(errorMessage(err, 'Your calendar link was not made. Please try again.')),
    });
  };
  const stop = () => {
    setError(null);
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast({ title: 'Calendar feed turned off', description: 'The link no longer works.' });
      },
      onError: (err) =>
        setError(errorMessage(err, 'Your calendar feed was not turned off. Please try again.')),
    });
  };

  return (
    <section aria-labelledby="calendar-feed-heading">
      <Card>
        <CardTitle as="h2" id="calendar-feed-heading" className="text-xl">
          Calendar feed
        </CardTitle>
        <CardDescription className="mt-1 mb-6">
          Subscribe in Google Calendar, Apple Calendar or Outlook to see your {what} beside the rest of your
          day. Your calendar app checks for changes on its own, about every hour.
        </CardDescription>
        {feed.isPending ? (
          <Spinner label="Loading your calendar feed" className="py-6" />
        ) : feed.isError ? (
          <Alert>Could not load your calendar feed. Please reload the page.</Alert>
        ) : (
          <div className="space-y-4">
            {url ? <NewLink key={url} url={url} /> : null}
            {feed.data.active && !url ? (
              <p className="text-sm">
                Your calendar feed is on
                {feed.data.createdAt ? ` (link made ${formatDate(feed.data.createdAt)})` : ''}. The link is
                shown only when it is made; if you lost it, make a new one.
              </p>
            ) : null}
            {!feed.data.active ? <p className="text-sm">Your calendar feed is off.</p> : null}
            {error ? <Alert>{error}</Alert> : null}
            <div className="flex flex-wrap gap-2">
              {feed.data.active ? (
                <>
                  <RotateDialog onConfirm={makeLink} pending={create.isPending} />
                  <Button variant="ghost" onClick={stop} disabled={turnOff.isPending}>
                    {turnOff.isPending ? 'Turning off...' : 'Turn off'}
                  </Button>
                </>
              ) : (
                <Button onClick={makeLink} disabled={create.isPending}>
                  <CalendarPlus aria-hidden="true" className="size-4" />
                  {create.isPending ? 'Making your link...' : 'Create calendar link'}
                </Button>
              )}
            </div>
          </div>
        )}
      </Card>
    </section>
  );
}
