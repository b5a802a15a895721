import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import {
  AVAILABILITY_SLOTS,
  CAREGIVER_KINDS,
  CERTIFICATIONS,
  EXPERIENCE_OPTIONS,
  ONBOARDING_SKILLS,
} from '../../../../shared/catalog';
import { isTrustClaim } from '../../../../shared/contracts/caregivers';
import { RATE_HINT } from '../../../../shared/pricing';
import { CheckboxGroup, toOptions } from '../../../components/ui/checkbox-group';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { Link } from '../../../lib/router';
import type { OnboardingValues } from '../onboarding-form';
import { LocationFields } from './location-fields';

interface StepProps {
  form: UseFormReturn<OnboardingValues>;
  errors: FieldErrors<OnboardingValues>;
}

/** Step 1: bio, experience, rate, kinds of care, parish and town. */
export function AboutYouStep({ form, errors }: StepProps) {
  const { register, control, watch, setValue } = form;
  return (
    <section aria-labelledby="step-title" className="space-y-5">
      <h2 id="step-title" className="text-xl font-bold">
        About you
      </h2>
      <FormField
        label="Bio"
        hint="Tell families about your experience and how you care."
        error={errors.bio?.message}
      >
        <Textarea maxLength={2000} {...register('bio')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Experience" error={errors.experience?.message}>
          <Select {...register('experience')}>
            <option value="">Years of experience</option>
            {EXPERIENCE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Hourly rate (JMD)" hint={RATE_HINT} error={errors.hourlyRate?.message}>
          <Input inputMode="decimal" placeholder="1500" {...register('hourlyRate')} />
        </FormField>
      </div>
      <Controller
        control={control}
        name="kinds"
        render={({ field }) => (
          <CheckboxGroup
            name="kinds"
            legend="Kinds of care you offer"
            options={CAREGIVER_KINDS}
            value={field.value}
            onChange={field.onChange}
            error={errors.kinds?.message ?? errors.kinds?.[0]?.message}
          />
        )}
      />
      <LocationFields
        idPrefix="onboarding"
        parish={watch('parish')}
        town={watch('town')}
        errors={{ parish: errors.parish?.message, town: errors.town?.message }}
        onChange={({ parish, town }) => {
          setValue('parish', parish, { shouldValidate: Boolean(errors.parish) });
          setValue('town', town, { shouldValidate: Boolean(errors.town) });
        }}
      />
    </section>
  );
}

/** Step 2: skills (at least one). */
export function SkillsStep({ form, errors }: StepProps) {
  const { control } = form;
  return (
    <section aria-labelledby="step-title" className="space-y-5">
      <h2 id="step-title" className="text-xl font-bold">
        Your skills
      </h2>
      <Controller
        control={control}
        name="skills"
        render={({ field }) => (
          <CheckboxGroup
            name="skills"
            legend="Skills"
            hint="Choose at least one."
            options={toOptions(ONBOARDING_SKILLS)}
            value={field.value}
            onChange={field.onChange}
            error={errors.skills?.message}
          />
        )}
      />
    </section>
  );
}

/**
 * The certifications a caregiver may tick. A background check and references are not among them (issue
 * 32): they are proven in the verification steps and shown only once approved, never from a tick.
 */
const SELF_DECLARED_CERTIFICATIONS = CERTIFICATIONS.filter((c) => !isTrustClaim(c));

/** Step 3: certifications and availability (both optional). */
export function CertificationsStep({ form }: Pick<StepProps, 'form'>) {
  const { control } = form;
  return (
    <section aria-labelledby="step-title" className="space-y-6">
      <h2 id="step-title" className="text-xl font-bold">
        Certifications & availability
      </h2>
      <Controller
        control={control}
        name="certifications"
        render={({ field }) => (
          <CheckboxGroup
            name="certifications"
            legend="Certifications"
            options={toOptions(SELF_DECLARED_CERTIFICATIONS)}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <p className="text-sm text-muted-foreground" data-testid="verification-pointer">
        A background check and references are not ticked here: you prove them in the verification steps, and
        families see them once they are approved.{' '}
        <Link to="/background-check" className="font-semibold text-primary-deep underline">
          Go to verification
        </Link>
      </p>
      <Controller
        control={control}
        name="availability"
        render={({ field }) => (
          <CheckboxGroup
            name="availability"
            legend="Availability"
            columns={3}
            options={toOptions(AVAILABILITY_SLOTS)}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </section>
  );
}
