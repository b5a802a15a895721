import { type FormEvent, useState } from 'react';
import { INCIDENT_SEVERITIES, VisitLogRequest } from '../../../../shared/contracts/visits';
import { jamaicaClock } from '../../../../shared/time';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';

const KINDS = [
  { value: 'note', label: 'Note' },
  { value: 'meal', label: 'Meal' },
  { value: 'medication', label: 'Medication given' },
  { value: 'vitals', label: 'Vitals' },
  { value: 'activity', label: 'Activity' },
  { value: 'incident', label: 'Incident' },
] as const;
type Kind = (typeof KINDS)[number]['value'];

type Fields = Record<
  'text' | 'name' | 'dose' | 'time' | 'bloodPressure' | 'glucose' | 'temperature' | 'severity',
  string
>;
const EMPTY: Fields = {
  text: '',
  name: '',
  dose: '',
  time: '',
  bloodPressure: '',
  glucose: '',
  temperature: '',
  severity: 'low',
};

const TEXT_LABEL: Record<Kind, string> = {
  note: 'Note',
  meal: 'What was eaten',
  activity: 'Activity',
  medication: 'Notes (optional)',
  vitals: 'Notes (optional)',
  incident: 'What happened',
};

/** The request body of the form as it stands (empty fields left out), without its clientId. */
function bodyOf(kind: Kind, f: Fields): Record<string, unknown> {
  const opt = (v: string) => (v.trim() ? v.trim() : undefined);
  const num = (v: string) => (v.trim() ? Number(v) : undefined);
  switch (kind) {
    case 'medication':
      return { kind, name: f.name, dose: f.dose, time: f.time, text: opt(f.text) };
    case 'vitals':
      return {
        kind,
        bloodPressure: opt(f.bloodPressure),
        glucose: num(f.glucose),
        temperature: num(f.temperature),
        text: opt(f.text),
      };
    case 'incident':
      return { kind, severity: f.severity, text: f.text };
    default:
      return { kind, text: f.text };
  }
}

/**
 * One form for every kind of log entry, checked with the server's own contract (VisitLogRequest) before it
 * is queued. `onAdd` gets the body without clientId (the outbox gives one).
 */
export function EntryForm({
  onAdd,
  disabled,
}: {
  onAdd: (body: Record<string, unknown>) => Promise<unknown>;
  disabled?: boolean;
}) {
  const [kind, setKind] = useState<Kind>('note');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const set = (name: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  const field = (name: keyof Fields) => ({ value: fields[name], onChange: set(name), name });

  const chooseKind = (next: Kind) => {
    setKind(next);
    setErrors({});
    if (next === 'medication' && !fields.time) setFields((f) => ({ ...f, time: jamaicaClock(new Date()) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(kind, fields);
    const parsed = VisitLogRequest.safeParse({ ...body, clientId: 'checked-here' });
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'text') as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    await onAdd(body);
    setFields({ ...EMPTY, severity: fields.severity });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormField label="What to record">
        <Select value={kind} onChange={(e) => chooseKind(e.target.value as Kind)} name="kind">
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </Select>
      </FormField>
      {kind === 'medication' ? (
        <>
          <FormField label="Medicine" error={errors.name}>
            <Input {...field('name')} maxLength={120} autoComplete="off" />
          </FormField>
          <FormField label="Dose" hint="For example 500 mg or 2 tablets" error={errors.dose}>
            <Input {...field('dose')} maxLength={60} autoComplete="off" />
          </FormField>
          <FormField label="Time given (Jamaica)" error={errors.time}>
            <Input {...field('time')} type="time" />
          </FormField>
        </>
      ) : null}
      {kind === 'vitals' ? (
        <>
          <FormField
            label="Blood pressure (mmHg)"
            hint="Systolic/diastolic, e.g. 120/80"
            error={errors.bloodPressure}
          >
            <Input {...field('bloodPressure')} inputMode="numeric" autoComplete="off" />
          </FormField>
          <FormField label="Glucose (mmol/L)" error={errors.glucose}>
            <Input {...field('glucose')} type="number" step="0.1" min="0.5" max="60" inputMode="decimal" />
          </FormField>
          <FormField label="Temperature (°C)" error={errors.temperature}>
            <Input {...field('temperature')} type="number" step="0.1" min="30" max="45" inputMode="decimal" />
          </FormField>
        </>
      ) : null}
      {kind === 'incident' ? (
        <FormField label="Severity" error={errors.severity}>
          <Select {...field('severity')}>
            {INCIDENT_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s[0].toUpperCase() + s.slice(1)}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      <FormField label={TEXT_LABEL[kind]} error={errors.text}>
        <Textarea
          {...field('text')}
          maxLength={kind === 'medication' || kind === 'vitals' ? 1000 : 2000}
          className="min-h-20"
        />
      </FormField>
      <Button type="submit" disabled={disabled}>
        Add to log
      </Button>
    </form>
  );
}
