import { type FormEvent, useId, useState } from 'react';
import type { NotificationPreferences } from '../../../../shared/contracts/notification-preferences';
import { zoneCity } from '../../../../shared/member-time';
import { Button } from '../../../components/ui/button';
import { FieldErrorText } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useSaveNotificationPreferences } from '../api';

/** Quiet hours: an on/off and two times on the member's own clock; saved with the whole matrix. */
export function QuietHoursForm({ prefs }: { prefs: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const id = useId();
  const [enabled, setEnabled] = useState(prefs.quietHours.enabled);
  const [start, setStart] = useState(prefs.quietHours.start);
  const [end, setEnd] = useState(prefs.quietHours.end);
  const [error, setError] = useState<string>();
  const city = zoneCity(prefs.timeZone);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!start || !end) return setError('Enter both times.');
    if (start === end) return setError('Quiet hours must end at another time than they start.');
    setError(undefined);
    save.mutate(
      { groups: prefs.groups, quietHours: { enabled, start, end } },
      {
        onSuccess: () => toast({ title: enabled ? 'Quiet hours saved' : 'Quiet hours off' }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Not saved',
            description: errorMessage(err, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 border-t border-border pt-4"
      aria-labelledby={`${id}-title`}
    >
      <div className="flex items-center justify-between gap-4">
        <div>
          <h3 id={`${id}-title`} className="font-semibold">
            Quiet hours
          </h3>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Notices that are not urgent wait until quiet hours end, on your clock ({city} time).
          </p>
        </div>
        <Switch
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-hint`}
          checked={enabled}
          onCheckedChange={setEnabled}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-start`}>From</Label>
          <Input
            id={`${id}-start`}
            type="time"
            className="w-36"
            value={start}
            disabled={!enabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-end`}>Until</Label>
          <Input
            id={`${id}-end`}
            type="time"
            className="w-36"
            value={end}
            disabled={!enabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save quiet hours
        </Button>
      </div>
      {error ? <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText> : null}
    </form>
  );
}
