import { useState } from 'react';
import { DELIVERY_CHANNELS, DELIVERY_STATUSES } from '../../../../shared/contracts/deliveries';
import { formatJamaicaInstant } from '../../../../shared/contracts/emergencies';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import {
  type AdminDelivery,
  type DeliveryFilter,
  useAdminDeliveries,
  useRetryDelivery,
} from '../deliveries-api';

const CHANNEL_LABELS: Record<AdminDelivery['channel'], string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};
const STATUS_LABELS: Record<AdminDelivery['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};
const STATUS_CLASSES: Record<AdminDelivery['status'], string> = {
  queued: 'bg-muted',
  sent: 'bg-muted',
  delivered: 'bg-primary-soft text-primary-deep',
  failed: 'bg-destructive-soft text-destructive',
};

const EMPTY_FORM = { user: '', kind: '', channel: '', status: '' };

/** A failed row, or one sent and never confirmed delivered, can be sent again; a queued one is on its way. */
const retryable = (d: AdminDelivery) => d.status === 'failed' || d.status === 'sent';

function DeliveryRow({ d }: { d: AdminDelivery }) {
  const retry = useRetryDelivery();
  const label = `${CHANNEL_LABELS[d.channel]} ${d.id} to ${d.destination}`;
  return (
    <tr className="border-t border-border align-top">
      <td className="p-2 font-mono text-xs">{d.id}</td>
      <td className="p-2 break-words">
        <span className="block">{d.userEmail}</span>
        <span className="text-xs text-muted-foreground">user {d.userId}</span>
      </td>
      <td className="p-2 break-words">
        {d.kind}
        {d.critical ? <span className="ml-1 text-xs font-bold text-destructive">critical</span> : null}
        {d.fallbackOf ? (
          <span className="block text-xs text-muted-foreground">instead of {d.fallbackOf}</span>
        ) : null}
      </td>
      <td className="p-2">
        {CHANNEL_LABELS[d.channel]}
        <span className="block text-xs break-all text-muted-foreground">{d.destination}</span>
      </td>
      <td className="p-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_CLASSES[d.status]}`}>
          {STATUS_LABELS[d.status]}
        </span>
        <span className="mt-1 block text-xs text-muted-foreground">
          {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
          {d.status === 'queued' ? ` · next ${formatJamaicaInstant(d.nextAttemptAt)}` : ''}
        </span>
        {d.lastError ? (
          <span className="block text-xs break-words text-destructive">{d.lastError}</span>
        ) : null}
      </td>
      <td className="p-2 text-xs">
        {formatJamaicaInstant(d.createdAt)}
        {d.provider ? <span className="block text-muted-foreground">via {d.provider}</span> : null}
      </td>
      <td className="p-2">
        {retryable(d) ? (
          <Button
            size="sm"
            variant="outline"
            disabled={retry.isPending}
            aria-label={`Retry ${label}`}
            onClick={() =>
              retry.mutate(d.id, {
                onSuccess: ({ delivery }) =>
                  toast({
                    title: `Retried: ${STATUS_LABELS[delivery.status].toLowerCase()}`,
                    description: `${CHANNEL_LABELS[delivery.channel]} to ${delivery.destination}`,
                  }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Not retried',
                    description: errorMessage(error, 'Please try again.'),
                  }),
              })
            }
          >
            Retry
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

/** /admin "Deliveries": every notice by e-mail, SMS and WhatsApp with its status, filters and a retry. */
export function AdminDeliveriesPanel() {
  const [form, setForm] = useState(EMPTY_FORM);
  const [filter, setFilter] = useState<DeliveryFilter>({ page: 1 });
  const { data, isPending, isError, isFetching } = useAdminDeliveries(filter);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby="deliveries-heading" className="space-y-4">
      <h2 id="deliveries-heading" className="text-xl font-bold">
        Delivery log
      </h2>
      <p className="text-sm text-muted-foreground">
        Every notice sent by e-mail, SMS or WhatsApp. Failed sends are retried after 1, 5 and 25 minutes, 2
        and 6 hours; a bounced e-mail or a WhatsApp message not delivered in 10 minutes is followed by an SMS.
      </p>
      <form
        aria-label="Filter deliveries"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const user = form.user.trim();
          setFilter({
            page: 1,
            ...(/^\d{1,10}$/.test(user) ? { userId: Number(user) } : user ? { email: user } : {}),
            ...(form.kind.trim() ? { kind: form.kind.trim().toLowerCase() } : {}),
            ...(form.channel ? { channel: form.channel as AdminDelivery['channel'] } : {}),
            ...(form.status ? { status: form.status as AdminDelivery['status'] } : {}),
          });
        }}
      >
        <FormField label="User id or e-mail" className="w-full sm:w-56">
          <Input
            type="text"
            autoComplete="off"
            value={form.user}
            onChange={(e) => setForm({ ...form, user: e.target.value })}
          />
        </FormField>
        <FormField label="Notice kind" hint="e.g. booking.cancelled" className="w-full sm:w-48">
          <Input
            type="text"
            autoComplete="off"
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value })}
          />
        </FormField>
        <FormField label="Channel" className="w-full sm:w-36">
          <Select value={form.channel} onChange={(e) => setForm({ ...form, channel: e.target.value })}>
            <option value="">Any</option>
            {DELIVERY_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Status" className="w-full sm:w-36">
          <Select value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
            <option value="">Any</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </FormField>
        <Button type="submit">Filter</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setForm(EMPTY_FORM);
            setFilter({ page: 1 });
          }}
        >
          Clear
        </Button>
      </form>
      {isPending ? (
        <Spinner label="Loading deliveries" />
      ) : isError ? (
        <Alert>The delivery log could not be loaded. Check the filters and try again.</Alert>
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No deliveries match.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total} deliver{data.total === 1 ? 'y' : 'ies'} · page {data.page} of {pages}
          </p>
          <div className="relative overflow-x-auto rounded-xl border border-border bg-surface">
            <table className="w-full min-w-[44rem] text-left text-sm" aria-busy={isFetching}>
              <caption className="sr-only">Deliveries, newest first</caption>
              <thead className="bg-muted text-xs uppercase">
                <tr>
                  <th scope="col" className="p-2">
                    Id
                  </th>
                  <th scope="col" className="p-2">
                    User
                  </th>
                  <th scope="col" className="p-2">
                    Notice
                  </th>
                  <th scope="col" className="p-2">
                    Channel
                  </th>
                  <th scope="col" className="p-2">
                    Status
                  </th>
                  <th scope="col" className="p-2">
                    Created
                  </th>
                  <th scope="col" className="p-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((d) => (
                  <DeliveryRow key={d.id} d={d} />
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Delivery log pages" className="flex items-center gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={filter.page <= 1}
              onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={filter.page >= pages}
              onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
