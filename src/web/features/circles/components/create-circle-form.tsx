import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { PARISHES } from '../../../../shared/catalog';
import { CreateCircleRequest } from '../../../../shared/contracts/circles';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { type CircleView, useCreateCircle } from '../api';
import { contractResolver, showServerFieldErrors } from '../form-errors';

interface Values {
  name: string;
  recipient: {
    firstName: string;
    lastName: string;
    parish: string;
    town: string;
    address: string;
    needs: string;
    notes: string;
    emergencyContact: { name: string; phone: string };
  };
  approvalRequired: boolean;
}

const EMPTY: Values = {
  name: '',
  recipient: {
    firstName: '',
    lastName: '',
    parish: '',
    town: '',
    address: '',
    needs: '',
    notes: '',
    emergencyContact: { name: '', phone: '' },
  },
  approvalRequired: false,
};

/** The request the form sends: an emergency contact only when either box holds something. */
function toBody({ recipient: r, ...v }: Values): CreateCircleRequest {
  const contact = r.emergencyContact;
  return {
    name: v.name,
    approvalRequired: v.approvalRequired,
    recipient: {
      ...r,
      // No choice yet: the contract then says "Parish is required" rather than "Unknown parish".
      parish: r.parish || (undefined as unknown as string),
      emergencyContact: contact.name.trim() || contact.phone.trim() ? contact : null,
    },
  };
}

const FIELDS = [
  'name',
  'recipient.firstName',
  'recipient.lastName',
  'recipient.parish',
  'recipient.town',
  'recipient.address',
  'recipient.needs',
  'recipient.notes',
  'recipient.emergencyContact.name',
  'recipient.emergencyContact.phone',
  'approvalRequired',
] as const satisfies readonly Path<Values>[];

/** "Create a circle": the circle's name, the person cared for, and whether payers approve every booking. */
export function CreateCircleForm({ onCreated }: { onCreated: (circle: CircleView) => void }) {
  const create = useCreateCircle();
  // What the server said that no field shows (a refused request, or a field this form does not have).
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, CreateCircleRequest>({
    resolver: contractResolver(CreateCircleRequest, toBody),
    defaultValues: EMPTY,
  });
  const r = errors.recipient;

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: (circle) => onCreated(circle),
      onError: (error) => {
        const unplaced = showServerFieldErrors(error, FIELDS, setError);
        const placedAny = isApiError(error) && (error.errors?.length ?? 0) > unplaced.length;
        if (unplaced.length) setFormError(unplaced.join(' '));
        else if (!placedAny)
          setFormError(errorMessage(error, 'The circle was not created. Please try again.'));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-labelledby="create-circle">
      {formError ? <Alert>{formError}</Alert> : null}
      <FormField
        label="Name of the circle"
        hint="For example “Mummy’s care”. Every member sees it."
        error={errors.name?.message}
      >
        <Input maxLength={80} {...register('name')} />
      </FormField>

      <fieldset className="space-y-4">
        <legend className="text-lg font-bold">The person you care for</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" error={r?.firstName?.message}>
            <Input maxLength={50} autoComplete="off" {...register('recipient.firstName')} />
          </FormField>
          <FormField label="Last name (optional)" error={r?.lastName?.message}>
            <Input maxLength={50} autoComplete="off" {...register('recipient.lastName')} />
          </FormField>
          <FormField label="Parish" error={r?.parish?.message}>
            <Select {...register('recipient.parish')}>
              <option value="">Choose a parish</option>
              {PARISHES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Town or district" error={r?.town?.message}>
            <Input maxLength={80} autoComplete="off" {...register('recipient.town')} />
          </FormField>
        </div>
        <FormField
          label="Address (optional)"
          hint="Where the care happens. Members of the circle see it."
          error={r?.address?.message}
        >
          <Textarea className="min-h-20" maxLength={300} {...register('recipient.address')} />
        </FormField>
        <FormField
          label="Needs (optional)"
          hint="For example mobility, memory, meals, medication reminders."
          error={r?.needs?.message}
        >
          <Textarea maxLength={2000} {...register('recipient.needs')} />
        </FormField>
        <FormField
          label="Care notes (optional)"
          hint="Routines, likes and dislikes, allergies: what a carer should know."
          error={r?.notes?.message}
        >
          <Textarea maxLength={2000} {...register('recipient.notes')} />
        </FormField>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-bold">Emergency contact (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Contact name" error={r?.emergencyContact?.name?.message}>
            <Input maxLength={80} autoComplete="off" {...register('recipient.emergencyContact.name')} />
          </FormField>
          <FormField
            label="Contact phone"
            hint="For example 876-555-1234"
            error={r?.emergencyContact?.phone?.message}
          >
            <Input
              type="tel"
              inputMode="tel"
              maxLength={30}
              autoComplete="off"
              {...register('recipient.emergencyContact.phone')}
            />
          </FormField>
        </div>
      </fieldset>

      <div className="space-y-1">
        <div className="flex items-start gap-3">
          <input
            id="approval-required"
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-primary"
            aria-describedby="approval-required-hint"
            {...register('approvalRequired')}
          />
          <label htmlFor="approval-required" className="font-semibold">
            Payers must approve every booking
          </label>
        </div>
        <p id="approval-required-hint" className="pl-8 text-sm text-muted-foreground">
          Without this, only bookings that would take a payer over their monthly cap wait for approval.
        </p>
      </div>

      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create the circle'}
      </Button>
    </form>
  );
}
