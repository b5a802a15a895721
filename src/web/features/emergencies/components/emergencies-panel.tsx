import { useState } from 'react';
import {
  emergencyTitle,
  formatJamaicaInstant,
  jamaicaLocalToIso,
  toJamaicaLocal,
} from '../../../../shared/contracts/emergencies';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { type AdminEmergency, useAdminEmergencies, useEmergencyChange } from '../api';
import { DeclareEmergencyForm } from './declare-emergency-form';

const STATE_LABELS: Record<AdminEmergency['state'], string> = {
  prepared: 'Prepared, not declared',
  upcoming: 'Declared, starts later',
  active: 'Active',
  over: 'Over',
};

const ACTION_LABELS: Record<string, string> = {
  'emergency.declare': 'Declared',
  'emergency.extend': 'Extended',
  'emergency.end': 'Ended',
};

function useChangeWithToast() {
  const change = useEmergencyChange();
  const run = (c: Parameters<typeof change.mutate>[0], done: string) =>
    change.mutate(c, {
      onSuccess: () => toast({ title: done }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Not changed',
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  return { run, pending: change.isPending };
}

/** One emergency: what and when, its state, its actions (declare a prepared one, extend, end) and history. */
function EmergencyItem({ e }: { e: AdminEmergency }) {
  const { run, pending } = useChangeWithToast();
  const [endsAt, setEndsAt] = useState(() =>
    toJamaicaLocal(new Date(new Date(e.endsAt).getTime() + 24 * 3_600_000)),
  );
  const title = emergencyTitle(e);
  const live = e.state === 'active' || e.state === 'upcoming';
  return (
    <li className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold break-words">{title}</h4>
          <p className="text-sm text-muted-foreground">
            {formatJamaicaInstant(e.startsAt)} – {formatJamaicaInstant(e.endsAt)} (Jamaica time)
            {e.createdBy ? ` · by ${e.createdBy}` : ''}
          </p>
        </div>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-bold">{STATE_LABELS[e.state]}</span>
      </div>
      <p className="text-sm break-words">{e.message}</p>
      {e.state === 'prepared' ? (
        <Button
          size="sm"
          variant="destructive"
          disabled={pending}
          aria-label={`Declare now: ${title}`}
          onClick={() => run({ action: 'declare-prepared', id: e.id }, 'Emergency declared')}
        >
          Declare now
        </Button>
      ) : null}
      {live ? (
        <div className="flex flex-wrap items-end gap-3">
          <form
            className="flex flex-wrap items-end gap-3"
            aria-label={`Extend: ${title}`}
            onSubmit={(ev) => {
              ev.preventDefault();
              run(
                { action: 'extend', id: e.id, body: { endsAt: jamaicaLocalToIso(endsAt) } },
                'Emergency extended',
              );
            }}
          >
            <FormField label="New end (Jamaica time)">
              <Input type="datetime-local" value={endsAt} onChange={(ev) => setEndsAt(ev.target.value)} />
            </FormField>
            <Button type="submit" size="sm" variant="outline" disabled={pending}>
              Extend
            </Button>
          </form>
          <Button
            size="sm"
            variant="destructive"
            disabled={pending}
            aria-label={`End now: ${title}`}
            onClick={() => run({ action: 'end', id: e.id }, 'Emergency ended')}
          >
            End now
          </Button>
        </div>
      ) : null}
      {e.history.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">History ({e.history.length})</summary>
          <ol className="mt-2 space-y-1 text-muted-foreground">
            {e.history.map((h) => (
              <li key={`${h.action}-${h.at}`}>
                {ACTION_LABELS[h.action] ?? h.action} {formatJamaicaInstant(h.at)}
                {h.actor ? ` by ${h.actor}` : ''}
                {h.action === 'emergency.extend' && h.after && typeof h.after.endsAt === 'string'
                  ? `, to ${formatJamaicaInstant(h.after.endsAt)}`
                  : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

/** /admin "Emergencies": declare, extend and end parish emergencies; every one with its history. */
export function EmergenciesPanel() {
  const { data, isPending, isError } = useAdminEmergencies();
  return (
    <section aria-labelledby="emergencies-heading" className="space-y-6">
      <h2 id="emergencies-heading" className="text-2xl font-bold">
        Emergencies
      </h2>
      <p className="text-sm text-muted-foreground">
        While an emergency holds, every booking in its parishes and window can be cancelled by either side
        with no fee and a full refund; new bookings there carry a warning.
      </p>
      <DeclareEmergencyForm />
      <h3 className="text-lg font-bold">All emergencies</h3>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Alert>Could not load emergencies.</Alert>
      ) : data.emergencies.length === 0 ? (
        <p className="text-muted-foreground">No emergencies yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
          {data.emergencies.map((e) => (
            <EmergencyItem key={e.id} e={e} />
          ))}
        </ul>
      )}
    </section>
  );
}
