import { type FormEvent, useState } from 'react';
import { clock12, FIRST_START_HOUR, LAST_START_HOUR } from '../../../../shared/booking-rules';
import { CAREGIVER_KINDS, ONBOARDING_SKILLS, PARISHES, WEEKDAYS } from '../../../../shared/catalog';
import { CreateCareRequest } from '../../../../shared/contracts/care-requests';
import { jamaicaToday } from '../../../../shared/time';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxGroup } from '../../../components/ui/checkbox-group';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { useNavigate } from '../../../lib/router';
import { usePostCareRequest } from '../api';

const HOURS = Array.from({ length: LAST_START_HOUR - FIRST_START_HOUR + 1 }, (_, i) => {
  const hh = String(FIRST_START_HOUR + i).padStart(2, '0');
  return `${hh}:00`;
});
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Errors = Partial<Record<string, string>>;

/** "Post a care request": what, where, when, budget and needs; errors shown beside each field. */
export function CareRequestForm() {
  const navigate = useNavigate();
  const post = usePostCareRequest();
  const [errors, setErrors] = useState<Errors>({});
  const [weekdays, setWeekdays] = useState<string[]>([]);
  const [skills, setSkills] = useState<string[]>([]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim();
    const num = (k: string) => (text(k) === '' ? undefined : Number(text(k)));
    const body = {
      kind: text('kind'),
      parish: text('parish'),
      town: text('town'),
      startDate: text('startDate'),
      startTime: text('startTime'),
      hours: num('hours'),
      description: text('description'),
      budgetMinJmd: num('budgetMinJmd'),
      budgetMaxJmd: num('budgetMaxJmd'),
      weekdays,
      skills,
    };
    const parsed = CreateCareRequest.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    post.mutate(body as never, {
      onSuccess: (created) =>
        navigate(`/care-requests/${created.id}${created.contactDetailsMasked ? '?masked=1' : ''}`),
      onError: (err) => {
        if (isApiError(err) && err.errors)
          setErrors(Object.fromEntries(err.errors.map((x) => [x.path.split('.')[0], x.message])));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Post a care request">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Kind of care" error={errors.kind}>
          <Select name="kind" defaultValue="">
            <option value="" disabled>
              Choose…
            </option>
            {CAREGIVER_KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Parish" error={errors.parish}>
          <Select name="parish" defaultValue="">
            <option value="" disabled>
              Choose…
            </option>
            {PARISHES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Town" error={errors.town}>
          <Input name="town" autoComplete="address-level2" />
        </FormField>
        <FormField label="Start date" error={errors.startDate}>
          <Input name="startDate" type="date" min={jamaicaToday()} />
        </FormField>
        <FormField label="Start time" error={errors.startTime}>
          <Select name="startTime" defaultValue="09:00">
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {clock12(h)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Hours each time" error={errors.hours}>
          <Select name="hours" defaultValue="4">
            {Array.from({ length: 12 }, (_, i) => i + 1).map((h) => (
              <option key={h} value={h}>
                {h} {h === 1 ? 'hour' : 'hours'}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Budget from (J$ an hour, optional)" error={errors.budgetMinJmd}>
          <Input name="budgetMinJmd" type="number" inputMode="numeric" min={100} step={50} />
        </FormField>
        <FormField label="Budget up to (J$ an hour, optional)" error={errors.budgetMaxJmd}>
          <Input name="budgetMaxJmd" type="number" inputMode="numeric" min={100} step={50} />
        </FormField>
      </div>
      <CheckboxGroup
        name="weekdays"
        legend="Every week on (optional)"
        hint="Leave empty for one visit on the start date."
        options={WEEKDAYS.map((d) => ({ value: d, label: cap(d) }))}
        value={weekdays}
        onChange={setWeekdays}
        columns={3}
        error={errors.weekdays}
      />
      <CheckboxGroup
        name="skills"
        legend="Needs (optional)"
        options={ONBOARDING_SKILLS.map((s) => ({ value: s, label: s }))}
        value={skills}
        onChange={setSkills}
        error={errors.skills}
      />
      <FormField
        label="Describe the care you need"
        hint="No phone numbers or e-mails: we hide them. You can share them in messages after booking."
        error={errors.description}
      >
        <Textarea name="description" maxLength={2000} />
      </FormField>
      {post.isError && !(isApiError(post.error) && post.error.errors) ? (
        <Alert>{errorMessage(post.error, 'Your request was not posted. Please try again.')}</Alert>
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Please correct the fields marked above.
        </p>
      ) : null}
      <Button type="submit" disabled={post.isPending}>
        {post.isPending ? 'Posting…' : 'Post request'}
      </Button>
    </form>
  );
}
