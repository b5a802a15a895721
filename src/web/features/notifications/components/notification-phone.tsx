import { type FormEvent, useId, useState } from 'react';
import type { NotificationPhone } from '../../../../shared/contracts/notification-preferences';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { useSendPhoneCode, useVerifyPhone } from '../api';

/** The phone SMS and WhatsApp notices go to: "Send code", then "Verify" with the 6 digits texted. */
export function NotificationPhoneForm({ phone }: { phone: NotificationPhone }) {
  const id = useId();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [number, setNumber] = useState(phone.number ?? '');
  const [code, setCode] = useState('');
  const [numberError, setNumberError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const waitingForCode = !phone.verified && phone.codeSentAt !== null;

  const fieldError = (err: unknown, fallback: string) =>
    isApiError(err) && err.errors?.length ? err.errors[0].message : errorMessage(err, fallback);

  function sendCode(e: FormEvent) {
    e.preventDefault();
    if (!number.trim()) return setNumberError('Enter your phone number.');
    setNumberError(undefined);
    send.mutate(
      { phone: number },
      {
        onSuccess: (res) => {
          setCode('');
          toast({ title: 'Code sent', description: res.message });
        },
        onError: (err) => setNumberError(fieldError(err, 'The code could not be sent. Please try again.')),
      },
    );
  }

  function verifyCode(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setCodeError('Enter the 6-digit code.');
    setCodeError(undefined);
    verify.mutate(
      { code: code.trim() },
      {
        onSuccess: () =>
          toast({ title: 'Phone verified', description: 'You can now turn on SMS and WhatsApp.' }),
        onError: (err) => setCodeError(fieldError(err, 'That code did not work. Please try again.')),
      },
    );
  }

  return (
    <div className="mt-6 border-t border-border pt-4">
      <h3 className="font-semibold">Phone for SMS and WhatsApp</h3>
      <p className="text-sm text-muted-foreground" data-testid="phone-status">
        {phone.verified
          ? `${phone.number} is verified. Changing it stops texts until the new number is verified.`
          : waitingForCode
            ? `We texted a code to ${phone.number}. A code works for 10 minutes; you can ask for a new one.`
            : 'Add a phone number and verify it with the code we text you.'}
      </p>
      <form onSubmit={sendCode} noValidate className="mt-3 flex flex-wrap items-start gap-3">
        <FormField label="Phone number" error={numberError} className="min-w-0 flex-1" id={`${id}-phone`}>
          <Input
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="876-555-1234"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
        </FormField>
        <Button type="submit" variant="outline" className="sm:mt-7" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send code'}
        </Button>
      </form>
      {waitingForCode ? (
        <form onSubmit={verifyCode} noValidate className="mt-3 flex flex-wrap items-start gap-3">
          <FormField label="6-digit code" error={codeError} className="min-w-0 flex-1" id={`${id}-code`}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
          <Button type="submit" className="sm:mt-7" disabled={verify.isPending}>
            {verify.isPending ? 'Checking…' : 'Verify'}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
