import { type FormEvent, useState } from 'react';
import { PayoutAccountRequest } from '../../shared/contracts/payments';
import { PAYOUT_ARRIVAL, PAYOUT_DAY } from '../../shared/pricing';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Alert, FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { usePayoutAccount, useSavePayoutAccount } from '../features/payments/api';
import { SavedCards } from '../features/payments/components/saved-cards';
import { errorMessage } from '../lib/error-messages';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /payment-settings: a family's saved cards (series visits are held on the default one), or where a
 * caregiver's Friday payouts go (the number is stored encrypted, shown masked).
 */
export default function PaymentSettingsPage() {
  useDocumentTitle('Payment settings');
  const user = useSignedInUser();
  const { data, isPending } = usePayoutAccount(user.userType === 'caregiver');
  const save = useSavePayoutAccount();
  const [bankName, setBankName] = useState('');
  const [accountHolder, setAccountHolder] = useState(`${user.firstName} ${user.lastName}`);
  const [accountNumber, setAccountNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (user.userType === 'family') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="mb-6 text-3xl font-extrabold tracking-tight">Payment settings</h1>
        <SavedCards />
      </div>
    );
  }
  if (user.userType !== 'caregiver') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Payment settings</h1>
        <p className="mt-2 text-muted-foreground">
          Payouts are for caregiver accounts; saved cards are for family accounts.
        </p>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PayoutAccountRequest.safeParse({ bankName, accountHolder, accountNumber });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { bankName, accountHolder, accountNumber },
      {
        onSuccess: () => {
          setAccountNumber('');
          toast({
            title: 'Payout method saved',
            description: `Payouts go to this account every ${PAYOUT_DAY}.`,
          });
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Not saved',
            description: errorMessage(err, 'Please try again.'),
          }),
      },
    );
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-extrabold tracking-tight">Payment settings</h1>
      <p className="mb-6 text-muted-foreground">
        Your available earnings are paid every {PAYOUT_DAY} and arrive within {PAYOUT_ARRIVAL}.{' '}
        <Link to="/earnings" className="font-semibold text-primary underline">
          See your earnings
        </Link>
      </p>
      {isPending ? (
        <Spinner label="Loading payout method" />
      ) : data?.accountNumberMasked ? (
        <Alert variant="info" className="mb-6">
          Payouts go to <strong>{data.bankName}</strong>, account{' '}
          <strong data-testid="masked-account">{data.accountNumberMasked}</strong> ({data.accountHolder}).
        </Alert>
      ) : (
        <Alert variant="info" className="mb-6">
          No payout account yet: add one to receive your earnings.
        </Alert>
      )}
      <Card className="p-5 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <h2 className="text-xl font-bold">
            {data?.accountNumberMasked ? 'Change bank account' : 'Add bank account'}
          </h2>
          <FormField label="Bank name" error={errors.bankName}>
            <Input
              value={bankName}
              onChange={(e) => setBankName(e.target.value)}
              autoComplete="off"
              placeholder="NCB"
            />
          </FormField>
          <FormField label="Account holder" error={errors.accountHolder}>
            <Input
              value={accountHolder}
              onChange={(e) => setAccountHolder(e.target.value)}
              autoComplete="name"
            />
          </FormField>
          <FormField
            label="Account number"
            error={errors.accountNumber}
            hint="Stored encrypted; only the last 4 digits are ever shown."
          >
            <Input
              value={accountNumber}
              onChange={(e) => setAccountNumber(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
            />
          </FormField>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save payout method'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
