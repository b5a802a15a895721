// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayoutAccountView } from '../../../../shared/contracts/payments';
import { PayoutAccountForm } from './payout-account-form';

const saved: PayoutAccountView = {
  bankName: 'Scotiabank Jamaica',
  bankCode: 'BNS',
  branch: '50575',
  accountType: 'chequing',
  accountHolder: 'Shanique Williams',
  accountNumberMasked: '•••• 7788',
  needsBankDetails: false,
  updatedAt: '2099-01-01T00:00:00.000Z',
};

describe('PayoutAccountForm', () => {
  afterEach(cleanup);

  it('offers the Jamaican banks and sends bank, branch, type, number and holder', async () => {
    const onSave = vi.fn(async () => {});
    render(
      <PayoutAccountForm
        current={undefined}
        defaultHolder="Shanique Williams"
        saving={false}
        onSave={onSave}
      />,
    );
    const bank = screen.getByLabelText('Bank') as HTMLSelectElement;
    const options = Array.from(bank.options).map((o) => o.textContent);
    expect(options).toEqual(
      expect.arrayContaining([
        'National Commercial Bank (NCB)',
        'Scotiabank Jamaica',
        'JN Bank',
        'Citibank Jamaica',
      ]),
    );
    fireEvent.change(bank, { target: { value: 'NCB' } });
    fireEvent.change(screen.getByLabelText('Branch (transit) number'), { target: { value: '01234' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Savings' }));
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '404 555 7788' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payout method' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      bankCode: 'NCB',
      branch: '01234',
      accountType: 'savings',
      accountNumber: '404 555 7788',
      accountHolder: 'Shanique Williams',
    });
    await waitFor(() => expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe(''));
  });

  it('shows clear inline errors tied to their fields and sends nothing', async () => {
    const onSave = vi.fn(async () => {});
    render(<PayoutAccountForm current={undefined} defaultHolder="" saving={false} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Branch (transit) number'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByText('Choose your bank.')).toBeInTheDocument();
    expect(screen.getByLabelText('Bank')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose savings or chequing.')).toBeInTheDocument();
    expect(screen.getByText('Account numbers have 6 to 18 digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(
      /Account numbers have 6 to 18 digits/,
    );
    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: 'JN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByText('The branch (transit) number has 5 digits.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Account type' })).toHaveAccessibleDescription(
      'Choose savings or chequing.',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('starts from the saved account and never shows its number, only the masked one', () => {
    render(<PayoutAccountForm current={saved} defaultHolder="x" saving={false} onSave={async () => {}} />);
    expect((screen.getByLabelText('Bank') as HTMLSelectElement).value).toBe('BNS');
    expect(screen.getByLabelText('Branch (transit) number')).toHaveValue('50575');
    expect(screen.getByRole('radio', { name: 'Chequing' })).toBeChecked();
    expect(screen.getByLabelText('Account number')).toHaveValue('');
    expect(screen.getByText(/Saved as •••• 7788/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change bank account' })).toBeInTheDocument();
  });
});
