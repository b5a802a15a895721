import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';

/** The "New password" and "Confirm new password" pair of the reset and change-password forms. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  newPasswordError,
  confirmPasswordError,
  newPasswordHint,
}: {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  newPasswordError?: string;
  confirmPasswordError?: string;
  newPasswordHint?: string;
}) {
  return (
    <>
      <FormField label="New password" hint={newPasswordHint} error={newPasswordError}>
        <PasswordInput autoComplete="new-password" toggleLabel="Show new password" {...newPassword} />
      </FormField>
      <FormField label="Confirm new password" error={confirmPasswordError}>
        <PasswordInput autoComplete="new-password" toggleLabel="Show confirm password" {...confirmPassword} />
      </FormField>
    </>
  );
}
