import { type FormEvent, useId, useMemo, useState } from 'react';
import { CURRENCY_SYMBOL, isFxCurrency, MEMBER_CURRENCIES, type MemberCurrency } from '../../../../shared/fx';
import { zoneCity } from '../../../../shared/member-time';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { useUpdateMe } from '../../caregiver-profile/api';
import type { PublicUser } from '../api';
import { deviceTimeZone, timeZoneOptions } from '../time-zones';

const CURRENCY_LABEL: Record<MemberCurrency, string> = {
  JMD: 'Jamaican dollars (J$): no estimate',
  USD: 'US dollars (US$)',
  GBP: 'Pounds sterling (£)',
  CAD: 'Canadian dollars (C$)',
  EUR: 'Euros (€)',
};

/** What the member will now see, in words, for the confirmation. */
function savedText(user: Pick<PublicUser, 'timeZone' | 'currency'>): string {
  const times =
    user.timeZone === 'America/Jamaica'
      ? 'Booking times show in Jamaica time.'
      : `Booking times show in ${zoneCity(user.timeZone)} time beside Jamaica time.`;
  const money = isFxCurrency(user.currency)
    ? `Bookings you pay for show an estimate in ${CURRENCY_SYMBOL[user.currency]} beside the J$ charged, when a rate is kept.`
    : 'Amounts show in Jamaican dollars only.';
  return `${times} ${money}`;
}

/**
 * /settings, for families (ADR 0026): the time zone booking times are also shown in, and the currency of
 * estimates. Saved through PATCH /api/users/me; every charge stays in JMD whatever is chosen.
 */
export function TimeZoneCurrencyForm({ user }: { user: PublicUser }) {
  const id = useId();
  const update = useUpdateMe();
  const [timeZone, setTimeZone] = useState(user.timeZone);
  const [currency, setCurrency] = useState<MemberCurrency>(user.currency);
  const [errors, setErrors] = useState<{ timeZone?: string; currency?: string; form?: string }>({});
  const [saved, setSaved] = useState<string>();
  const options = useMemo(() => timeZoneOptions(user.timeZone, deviceTimeZone()), [user.timeZone]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSaved(undefined);
    update.mutate(
      { timeZone, currency },
      {
        onSuccess: (next) => {
          setSaved(savedText(next));
          toast({ title: 'Time zone and currency saved' });
        },
        onError: (error) => {
          const next: typeof errors = {};
          if (error instanceof ApiError) {
            for (const e of error.errors ?? []) {
              const field = e.path.split(/[./]/).pop();
              if (field === 'timeZone' || field === 'currency') next[field] = e.message;
            }
          }
          next.form = errorMessage(error, 'Not saved. Please try again.');
          setErrors(next);
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card>
        <CardTitle as="h2" id={`${id}-heading`} className="text-xl">
          Time zone and currency
        </CardTitle>
        <CardDescription className="mt-1 mb-6">
          Care happens in Jamaica, so every booking keeps its Jamaica time and every charge is in Jamaican
          dollars. If you live abroad, see times in your own zone beside them, and an estimate in your own
          currency.
        </CardDescription>
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <FormField
            label="My time zone"
            error={errors.timeZone}
            hint="Booking times show in this zone beside Jamaica time, with daylight saving where it applies."
          >
            <Select value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
              {options.map((o) => (
                <option key={o.zone} value={o.zone}>
                  {o.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label="My currency"
            error={errors.currency}
            hint="Estimates use the rate YaadCare keeps, shown with its date; you are always charged in J$."
          >
            <Select value={currency} onChange={(e) => setCurrency(e.target.value as MemberCurrency)}>
              {MEMBER_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {CURRENCY_LABEL[c]}
                </option>
              ))}
            </Select>
          </FormField>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save time zone and currency'}
          </Button>
          {/* The toast announces the save; this stays on screen to say what changed. */}
          {saved ? (
            <p className="text-sm font-medium" data-testid="time-zone-saved">
              Saved. {saved}
            </p>
          ) : null}
        </form>
      </Card>
    </section>
  );
}
