import { type FormEvent, useState } from 'react';
import { PARISHES } from '../../../../shared/catalog';
import {
  EMERGENCY_KIND_LABELS,
  EMERGENCY_KINDS,
  EMERGENCY_MAX_DAYS,
  EMERGENCY_MESSAGE_MAX,
  type EmergencyKind,
  jamaicaLocalToIso,
  toJamaicaLocal,
} from '../../../../shared/contracts/emergencies';
import { Button } from '../../../components/ui/button';
import { CheckboxGroup, toOptions } from '../../../components/ui/checkbox-group';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { useEmergencyChange } from '../api';

const HOUR = 3_600_000;

const blank = () => ({
  kind: 'hurricane' as EmergencyKind,
  parishes: [] as string[],
  startsAt: toJamaicaLocal(new Date()),
  endsAt: toJamaicaLocal(new Date(Date.now() + 48 * HOUR)),
  message: '',
});

/** Declare an emergency: parishes, kind, the window in Jamaica time, the public message. */
export function DeclareEmergencyForm() {
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useEmergencyChange();
  const update = (patch: Partial<ReturnType<typeof blank>>) => setForm((f) => ({ ...f, ...patch }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.parishes.length === 0) {
      setErrors({ parishes: 'Choose at least one parish' });
      return;
    }
    setErrors({});
    change.mutate(
      {
        action: 'declare',
        body: {
          kind: form.kind,
          parishes: form.parishes,
          startsAt: jamaicaLocalToIso(form.startsAt),
          endsAt: jamaicaLocalToIso(form.endsAt),
          message: form.message,
        },
      },
      {
        onSuccess: (em) => {
          toast({
            title: 'Emergency declared',
            description: `${em.parishes.join(', ')}: those affected are told.`,
          });
          setForm(blank());
        },
        onError: (error) => {
          if (isApiError(error) && error.errors?.length) {
            setErrors(Object.fromEntries(error.errors.map((f) => [f.path.split('.')[0], f.message])));
          }
          toast({
            variant: 'destructive',
            title: 'Not declared',
            description: errorMessage(error, 'Please try again.'),
          });
        },
      },
    );
  };

  return (
    <form
      aria-labelledby="declare-emergency-heading"
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 rounded-xl border border-border bg-surface p-4"
    >
      <h3 id="declare-emergency-heading" className="text-lg font-bold">
        Declare an emergency
      </h3>
      <FormField label="Kind">
        <Select value={form.kind} onChange={(e) => update({ kind: e.target.value as EmergencyKind })}>
          {EMERGENCY_KINDS.map((k) => (
            <option key={k} value={k}>
              {EMERGENCY_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
      </FormField>
      <CheckboxGroup
        legend="Parishes"
        name="emergency-parishes"
        options={toOptions(PARISHES)}
        value={form.parishes}
        onChange={(parishes) => update({ parishes })}
        error={errors.parishes}
        columns={3}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Starts (Jamaica time)" error={errors.startsAt}>
          <Input
            type="datetime-local"
            required
            value={form.startsAt}
            onChange={(e) => update({ startsAt: e.target.value })}
          />
        </FormField>
        <FormField
          label="Ends (Jamaica time)"
          error={errors.endsAt}
          hint={`At most ${EMERGENCY_MAX_DAYS} days after the start.`}
        >
          <Input
            type="datetime-local"
            required
            value={form.endsAt}
            onChange={(e) => update({ endsAt: e.target.value })}
          />
        </FormField>
      </div>
      <FormField
        label="Public message"
        error={errors.message}
        hint="Shown on every page to visitors and to people in these parishes."
      >
        <Textarea
          required
          rows={3}
          maxLength={EMERGENCY_MESSAGE_MAX}
          value={form.message}
          onChange={(e) => update({ message: e.target.value })}
        />
      </FormField>
      <Button type="submit" variant="destructive" disabled={change.isPending}>
        {change.isPending ? 'Declaring…' : 'Declare emergency'}
      </Button>
    </form>
  );
}
