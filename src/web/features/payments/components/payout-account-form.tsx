import { type FormEvent, useId, useState } from 'react';
import {
  type PayoutAccountRequest as PayoutAccountInput,
  PayoutAccountRequest,
  type PayoutAccountView,
} from '../../../../shared/contracts/payments';
import { BANK_ACCOUNT_TYPES, type BankAccountType, JAMAICAN_BANKS } from '../../../../shared/jamaican-banks';
import { Button } from '../../../components/ui/button';
import { FieldErrorText, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

const TYPE_LABELS: Record<BankAccountType, string> = { savings: 'Savings', chequing: 'Chequing' };

/**
 * A caregiver's payout account (ADR 0052): a Jamaican bank from the catalog, the branch (transit)
 * number, savings or chequing, the account number and the holder's name, checked with the same contract
 * the server uses. The account number is never shown back: after a save the field is emptied and the page
 * shows the masked number the server returns.
 */
export function PayoutAccountForm({
  current,
  defaultHolder,
  saving,
  onSave,
}: {
  current: PayoutAccountView | undefined;
  defaultHolder: string;
  saving: boolean;
  /** Resolves when saved (the form then forgets the number); rejects to keep what was typed. */
  onSave: (body: PayoutAccountInput) => Promise<unknown>;
}) {
  const [bankCode, setBankCode] = useState<string>(current?.bankCode ?? '');
  const [branch, setBranch] = useState(current?.branch ?? '');
  const [accountType, setAccountType] = useState<string>(current?.accountType ?? '');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountHolder, setAccountHolder] = useState(current?.accountHolder ?? defaultHolder);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const typeLegendId = useId();
  const typeErrorId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { bankCode, branch, accountType, accountNumber, accountHolder } as PayoutAccountInput;
    const parsed = PayoutAccountRequest.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await onSave(body);
      setAccountNumber('');
    } catch {
      // The page reports the failure; what was typed stays for another try.
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Payout bank account">
      <h2 className="text-xl font-bold">
        {current?.accountNumberMasked ? 'Change bank account' : 'Add bank account'}
      </h2>
      <FormField
        label="Bank"
        error={errors.bankCode}
        hint="Banks in Jamaica that hold Jamaican-dollar accounts."
      >
        <Select value={bankCode} onChange={(e) => setBankCode(e.target.value)}>
          <option value="">Choose your bank</option>
          {JAMAICAN_BANKS.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="Branch (transit) number"
        error={errors.branch}
        hint="5 digits, printed on your cheques or shown in your online banking."
      >
        <Input
          value={branch}
          onChange={(e) => setBranch(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
        />
      </FormField>
      <fieldset
        aria-labelledby={typeLegendId}
        aria-describedby={errors.accountType ? typeErrorId : undefined}
        className="space-y-2"
      >
        <legend id={typeLegendId} className="text-sm font-medium">
          Account type
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {BANK_ACCOUNT_TYPES.map((t) => (
            <label key={t} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="payout-account-type"
                value={t}
                checked={accountType === t}
                onChange={() => setAccountType(t)}
                aria-invalid={errors.accountType ? true : undefined}
                className="size-4"
              />
              {TYPE_LABELS[t]}
            </label>
          ))}
        </div>
        {errors.accountType ? <FieldErrorText id={typeErrorId}>{errors.accountType}</FieldErrorText> : null}
      </fieldset>
      <FormField
        label="Account number"
        error={errors.accountNumber}
        hint={
          current?.accountNumberMasked
            ? `Saved as ${current.accountNumberMasked}. Enter the full number again to change it.`
            : 'Stored encrypted; only the last 4 digits are ever shown.'
        }
      >
        <Input
          value={accountNumber}
          onChange={(e) => setAccountNumber(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
        />
      </FormField>
      <FormField label="Account holder" error={errors.accountHolder}>
        <Input value={accountHolder} onChange={(e) => setAccountHolder(e.target.value)} autoComplete="name" />
      </FormField>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save payout method'}
      </Button>
    </form>
  );
}
