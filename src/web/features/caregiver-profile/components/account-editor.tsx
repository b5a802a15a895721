import { useState } from 'react';
import { findTown } from '../../../../shared/catalog';
import { UpdateMeRequest } from '../../../../shared/contracts/caregiver-profile';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import type { PublicUser } from '../../auth/api';
import { useUpdateMe } from '../api';
import { LocationFields } from './location-fields';
import { issuesToErrors, profileSaveFeedback } from './profile-save-feedback';
import { SaveCancelButtons } from './save-cancel-buttons';

/** Name, phone and town: every user's own account details. */
export function AccountEditor({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const mutation = useUpdateMe();
  const town = findTown(user.location ?? '');
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [place, setPlace] = useState({ parish: town?.parish ?? '', town: town?.name ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { firstName, lastName, phone, location: place.town };
    const parsed = UpdateMeRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    mutation.mutate(body, profileSaveFeedback({ savedText: 'Your details are saved.', setErrors, onDone }));
  };

  return (
    <form onSubmit={save} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName}>
          <Input autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        </FormField>
        <FormField label="Last name" error={errors.lastName}>
          <Input autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </FormField>
      </div>
      <FormField label="Phone" hint="For example 876-555-1234" error={errors.phone}>
        <Input type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      </FormField>
      <LocationFields
        idPrefix="account"
        parish={place.parish}
        town={place.town}
        onChange={setPlace}
        errors={{ town: errors.location }}
      />
      <SaveCancelButtons pending={mutation.isPending} onCancel={onDone} />
    </form>
  );
}
