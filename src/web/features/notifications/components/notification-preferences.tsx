import { useId } from 'react';
import {
  NOTICE_CHANNEL_LABELS,
  NOTICE_CHANNELS,
  NOTICE_GROUP_LABELS,
  NOTICE_GROUPS,
  type NoticeChannel,
  type NoticeGroup,
  type NotificationPreferences,
} from '../../../../shared/contracts/notification-preferences';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api';
import { NotificationPhoneForm } from './notification-phone';
import { QuietHoursForm } from './quiet-hours-form';

const HINTS: Record<NoticeGroup, string> = {
  bookings: 'Requests, confirmations, cancellations and payments.',
  visits: 'Check-ins, check-outs and the visit log.',
  messages: 'A message unread for 15 minutes (at most one e-mail per conversation an hour).',
  reviews: 'New reviews of you or reminders to review.',
  support: 'Replies from YaadCare Support.',
  marketing: 'Occasional news and offers from YaadCare.',
};

/** /settings: which notices come on which channel, quiet hours, and the phone texts go to (ADR 0036). */
export function NotificationsSection() {
  const { data, isPending, isError } = useNotificationPreferences();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card>
        <CardTitle as="h2" id={`${id}-heading`} className="text-xl">
          Notifications
        </CardTitle>
        <CardDescription>
          Choose how YaadCare tells you about each kind of notice. In-app notifications always appear, and
          security e-mails such as password resets are always sent.
        </CardDescription>
        <p className="mt-3 text-sm" data-testid="critical-notices">
          Urgent notices (a cancellation within 24 hours, a no-show, an incident or an emergency) come at
          once, even in quiet hours, on every channel you keep on for that kind.
        </p>
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <Alert className="mt-4">Could not load your notification settings.</Alert>
        ) : (
          <>
            <ChannelMatrix prefs={data} />
            <NotificationPhoneForm phone={data.phone} />
            <QuietHoursForm prefs={data} />
          </>
        )}
      </Card>
    </section>
  );
}

function ChannelMatrix({ prefs }: { prefs: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const id = useId();
  const textsReason = `${id}-texts-reason`;
  const verified = prefs.phone.verified;

  function toggle(group: NoticeGroup, channel: NoticeChannel, on: boolean) {
    const groups = { ...prefs.groups, [group]: { ...prefs.groups[group], [channel]: on } };
    save.mutate(
      { groups, quietHours: prefs.quietHours },
      {
        onSuccess: () => toast({ title: 'Notification settings saved' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Not saved',
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <div className="mt-4">
      {verified ? null : (
        <p id={textsReason} className="mb-2 text-sm text-muted-foreground">
          SMS and WhatsApp need a verified phone number: add yours below and enter the code we text you.
        </p>
      )}
      <table className="block w-full text-left sm:table">
        <caption className="sr-only">Channels for each kind of notice</caption>
        <thead className="sr-only sm:not-sr-only sm:table-header-group">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Kind of notice
            </th>
            {NOTICE_CHANNELS.map((c) => (
              <th key={c} scope="col" className="whitespace-nowrap px-2 py-2 text-center font-semibold">
                {NOTICE_CHANNEL_LABELS[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-border sm:table-row-group">
          {NOTICE_GROUPS.map((group) => (
            <tr key={group} className="block py-3 sm:table-row">
              <th scope="row" className="block pr-4 text-left font-normal sm:table-cell sm:py-3">
                <span id={`${id}-${group}`} className="block font-semibold">
                  {NOTICE_GROUP_LABELS[group]}
                </span>
                <span id={`${id}-${group}-hint`} className="block text-sm text-muted-foreground">
                  {HINTS[group]}
                </span>
              </th>
              {NOTICE_CHANNELS.map((channel) => {
                const on = prefs.groups[group][channel];
                const text = channel !== 'email';
                // A text switch that is on may always be turned off; it is turned on only with a verified phone.
                const locked = text && !verified && !on;
                return (
                  <td
                    key={channel}
                    className="flex items-center justify-between py-1 sm:table-cell sm:px-2 sm:text-center"
                  >
                    <span aria-hidden="true" className="text-sm sm:hidden">
                      {NOTICE_CHANNEL_LABELS[channel]}
                    </span>
                    <Switch
                      aria-label={`${NOTICE_GROUP_LABELS[group]} by ${NOTICE_CHANNEL_LABELS[channel]}`}
                      aria-describedby={text && !verified ? textsReason : `${id}-${group}-hint`}
                      checked={on}
                      disabled={save.isPending || locked}
                      onCheckedChange={(checked) => toggle(group, channel, checked)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
