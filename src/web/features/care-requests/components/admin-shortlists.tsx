import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/error-messages';
import { formatCalendarDate, formatJamaicaDay } from '../../../lib/format';
import { type ShortlistQueueItem, usePickShortlist, useShortlistQueue } from '../api';
import { kindLabel } from '../text';

function PickForm({ item }: { item: ShortlistQueueItem }) {
  const pick = usePickShortlist();
  const [error, setError] = useState<string>();
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const ids = String(f.get('caregiverIds') ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (ids.length < 1 || ids.length > 3 || ids.some((n) => !Number.isInteger(n) || n < 1)) {
      setError('Enter one to three caregiver numbers, separated by commas.');
      return;
    }
    setError(undefined);
    pick.mutate({ id: item.requestId, caregiverIds: ids, note: String(f.get('note') ?? '') });
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormField
        label="Caregiver numbers (up to 3)"
        hint="As in /caregiver/123: e.g. 12, 40, 51"
        error={error}
      >
        <Input name="caregiverIds" />
      </FormField>
      <FormField label="Note to the family">
        <Textarea name="note" maxLength={1000} />
      </FormField>
      {pick.isError ? <Alert>{errorMessage(pick.error, 'The shortlist was not sent.')}</Alert> : null}
      <Button type="submit" size="sm" disabled={pick.isPending}>
        Send shortlist
      </Button>
    </form>
  );
}

/** Admin: care requests whose Premium family asked for a team shortlist, oldest first. */
export function AdminShortlistsPanel() {
  const queue = useShortlistQueue();
  if (queue.isPending) return <Spinner label="Loading shortlist requests" />;
  if (queue.isError) return <Alert>{errorMessage(queue.error, 'The queue could not be loaded.')}</Alert>;
  return (
    <section aria-labelledby="shortlists-heading" className="space-y-4">
      <h2 id="shortlists-heading" className="text-xl font-bold">
        Shortlist requests
      </h2>
      {queue.data.length === 0 ? <p>No family is waiting for a shortlist.</p> : null}
      <ul className="space-y-4">
        {queue.data.map((item) => (
          <li
            key={item.requestId}
            className="space-y-2 rounded-2xl border bg-surface p-4"
            data-testid="shortlist-item"
          >
            <h3 className="font-bold">
              {kindLabel(item.kind)} in {item.town}, {item.parish} — {item.familyName}
            </h3>
            <p className="text-sm">
              From {formatCalendarDate(item.startDate)} · asked {formatJamaicaDay(item.requestedAt)} ·{' '}
              {item.status}
            </p>
            <p className="text-sm break-words whitespace-pre-line">{item.description}</p>
            <PickForm item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
