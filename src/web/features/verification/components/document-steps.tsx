import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useVerificationActions } from '../api';
import { DocumentUpload } from './document-upload';
import { StepReason } from './verification-notices';
import type { WizardStepProps } from './wizard-step-props';

/** Steps 3 and 4 of the verification wizard: identity (ID and selfie) and address. */
export function IdentityStep({ v, user, onNext }: WizardStepProps) {
  const [idNumber, setIdNumber] = useState(v.idNumber ?? '');
  return (
    <div className="space-y-5">
      <StepReason reason={v.steps.id.reason} />
      <StepReason reason={v.steps.selfie.reason} />
      <FormField label="ID number" hint="Your TRN, passport or driver's licence number.">
        <Input value={idNumber} maxLength={40} onChange={(e) => setIdNumber(e.target.value)} />
      </FormField>
      <DocumentUpload
        userId={user.id}
        type="id"
        label="Government ID"
        hint="Passport, driver's licence or national ID: a photo or a PDF, up to 10 MB."
        verification={v}
        stepState={v.steps.id.state}
      />
      <DocumentUpload
        userId={user.id}
        type="selfie"
        label="Selfie"
        hint="A clear photo of your face (JPEG, PNG or WebP), up to 10 MB."
        verification={v}
        stepState={v.steps.selfie.state}
      />
      <SaveAndContinue userId={user.id} details={{ idNumber: idNumber.trim() }} onNext={onNext} />
    </div>
  );
}

export function AddressStep({ v, user, onNext }: WizardStepProps) {
  const [address, setAddress] = useState(v.address ?? '');
  return (
    <div className="space-y-5">
      <StepReason reason={v.steps.address.reason} />
      <FormField label="Home address">
        <Textarea
          className="min-h-20"
          maxLength={300}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
      </FormField>
      <DocumentUpload
        userId={user.id}
        type="address"
        label="Proof of address"
        hint="A utility bill or bank statement from the last 3 months: a photo or a PDF."
        verification={v}
        stepState={v.steps.address.state}
      />
      <SaveAndContinue userId={user.id} details={{ address: address.trim() }} onNext={onNext} />
    </div>
  );
}

/** Saves one step's typed detail (disabled while it is empty) and moves on; a refusal says why. */
function SaveAndContinue({
  userId,
  details,
  onNext,
}: {
  userId: number;
  details: { idNumber: string } | { address: string };
  onNext: () => void;
}) {
  const { saveDetails } = useVerificationActions(userId);
  const empty = Object.values(details).every((value) => !value);
  return (
    <Button
      disabled={empty || saveDetails.isPending}
      onClick={() =>
        saveDetails.mutate(details, {
          onSuccess: onNext,
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Not saved',
              description: errorMessage(error, 'Please try again.'),
            }),
        })
      }
    >
      Continue
    </Button>
  );
}
