import { bankByCode } from '../../shared/jamaican-banks';
import { PAYOUT_ARRIVAL, PAYOUT_DAY } from '../../shared/pricing';
import { Card } from '../components/ui/card';
import { Alert } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { usePayoutAccount, useSavePayoutAccount } from '../features/payments/api';
import { PayoutAccountForm } from '../features/payments/components/payout-account-form';
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
  const { data, isPending, isError } = usePayoutAccount(user.userType === 'caregiver');
  const save = useSavePayoutAccount();

  if (user.userType === 'family') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="mb-2 text-3xl font-extrabold tracking-tight">Payment settings</h1>
        <p className="mb-6 text-muted-foreground">
          <Link to="/receipts" className="font-semibold text-primary underline">
            See your receipts
          </Link>{' '}
          for every payment, tip, plan charge and refund.
        </p>
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

  const onSave = (body: Parameters<typeof save.mutateAsync>[0]) =>
    save.mutateAsync(body).then(
      () =>
        toast({
          title: 'Payout method saved',
          description: `Payouts go to this account every ${PAYOUT_DAY}.`,
        }),
      (err: unknown) => {
        toast({
          variant: 'destructive',
          title: 'Not saved',
          description: errorMessage(err, 'Please try again.'),
        });
        throw err;
      },
    );

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-extrabold tracking-tight">Payment settings</h1>
      <p className="mb-6 text-muted-foreground">
        Your available earnings are paid every {PAYOUT_DAY} and arrive within {PAYOUT_ARRIVAL}.{' '}
        <Link to="/earnings" className="font-semibold text-primary underline">
          See your earnings
        </Link>{' '}
        or{' '}
        <Link to="/receipts" className="font-semibold text-primary underline">
          your receipts
        </Link>
      </p>
      {isPending ? (
        <Spinner label="Loading payout method" />
      ) : isError ? (
        <Alert variant="destructive" className="mb-6">
          Your payout method could not be loaded. Please reload the page.
        </Alert>
      ) : data?.accountNumberMasked ? (
        <Alert variant="info" className="mb-6">
          Payouts go to <strong>{bankByCode(data.bankCode)?.name ?? data.bankName}</strong>
          {data.accountType ? ` (${data.accountType})` : ''}, account{' '}
          <strong data-testid="masked-account">{data.accountNumberMasked}</strong> ({data.accountHolder}).
          {data.needsBankDetails ? ' Please add your bank, branch and account type below.' : ''}
        </Alert>
      ) : (
        <Alert variant="info" className="mb-6">
          No payout account yet: add one to receive your earnings.
        </Alert>
      )}
      <Card className="p-5 sm:p-6">
        {isPending ? null : (
          <PayoutAccountForm
            // A fresh form once the saved account is known, so it starts from it.
            key={data?.updatedAt ?? 'new'}
            current={data}
            defaultHolder={`${user.firstName} ${user.lastName}`}
            saving={save.isPending}
            onSave={onSave}
          />
        )}
      </Card>
    </div>
  );
}
