import { useId } from 'react';
import { EMAIL_KIND_LABELS, EMAIL_KINDS, type EmailKind } from '../../../../shared/contracts/messages';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useEmailPreferences, useSaveEmailPreferences } from '../api';

const HINTS: Record<EmailKind, string> = {
  messages: 'When a message waits unread for 15 minutes (at most one e-mail per conversation an hour).',
  bookings: 'Requests, confirmations, cancellations and payments.',
  reviews: 'New reviews of you or reminders to review.',
  support: 'Replies from YaadCare Support.',
};

/** /settings: which e-mails the user wants (security e-mails such as password resets are always sent). */
export function EmailPreferencesSection() {
  const { data, isPending, isError } = useEmailPreferences();
  const save = useSaveEmailPreferences();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card>
        <CardTitle as="h2" id={`${id}-heading`} className="text-xl">
          E-mail notifications
        </CardTitle>
        <CardDescription>
          Choose which e-mails YaadCare sends you. In-app notifications always appear.
        </CardDescription>
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <Alert className="mt-4">Could not load your e-mail preferences.</Alert>
        ) : (
          <ul className="mt-4 divide-y divide-border">
            {EMAIL_KINDS.map((kind) => (
              <li key={kind} className="flex items-center justify-between gap-4 py-3">
                <div>
                  <p id={`${id}-${kind}`} className="font-semibold">
                    {EMAIL_KIND_LABELS[kind]}
                  </p>
                  <p id={`${id}-${kind}-hint`} className="text-sm text-muted-foreground">
                    {HINTS[kind]}
                  </p>
                </div>
                <Switch
                  aria-labelledby={`${id}-${kind}`}
                  aria-describedby={`${id}-${kind}-hint`}
                  checked={data[kind]}
                  disabled={save.isPending}
                  onCheckedChange={(checked) =>
                    save.mutate(
                      { ...data, [kind]: checked },
                      {
                        onSuccess: () => toast({ title: 'E-mail preferences saved' }),
                        onError: (error) =>
                          toast({
                            variant: 'destructive',
                            title: 'Not saved',
                            description: errorMessage(error, 'Please try again.'),
                          }),
                      },
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
