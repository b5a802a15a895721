import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  AVAILABILITY_SLOTS,
  CAREGIVER_KINDS,
  CERTIFICATIONS,
  EXPERIENCE_OPTIONS,
  findTown,
  ONBOARDING_SKILLS,
} from '../../shared/catalog';
import { BioField, KindsField, RATE_MAX, RATE_MIN } from '../../shared/contracts/caregiver-profile';
import { z } from '../../shared/contracts/zod';
import { RATE_HINT } from '../../shared/pricing';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { CheckboxGroup, toOptions } from '../components/ui/checkbox-group';
import { FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { Progress } from '../components/ui/progress';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { toast } from '../components/ui/use-toast';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import {
  type OnboardingDraft,
  useCreateCaregiverProfile,
  useMyCaregiverProfile,
  useOnboardingDraft,
  useSaveOnboardingDraft,
} from '../features/caregiver-profile/api';
import { LocationFields } from '../features/caregiver-profile/components/location-fields';
import { useDocumentTitle } from '../lib/use-document-title';

const OnboardingForm = z.object({
  bio: BioField,
  experience: z.string().min(1, 'Experience is required'),
  hourlyRate: z
    .string()
    .trim()
    .min(1, 'Hourly rate is required')
    .regex(/^\d+(\.\d{1,2})?$/, 'Hourly rate must be a number')
    .refine(
      (v) => Number(v) >= RATE_MIN && Number(v) <= RATE_MAX,
      `Between $${RATE_MIN} and $${RATE_MAX} JMD`,
    ),
  kinds: KindsField,
  parish: z.string().min(1, 'Choose your parish'),
  town: z.string().min(1, 'Choose your town'),
  skills: z.array(z.string()).min(1, 'Choose at least one skill'),
  certifications: z.array(z.string()),
  availability: z.array(z.string()),
});
type OnboardingValues = z.infer<typeof OnboardingForm>;

const STEPS = [
  { title: 'About you', fields: ['bio', 'experience', 'hourlyRate', 'kinds', 'parish', 'town'] },
  { title: 'Your skills', fields: ['skills'] },
  { title: 'Certifications & availability', fields: ['certifications', 'availability'] },
] as const;

const lastStep = STEPS.length - 1;

/** The wizard's starting values: the saved draft, else what signup told us (parish and town). */
function initialValues(
  user: { location: string | null; parish: string | null },
  draft: OnboardingDraft | null,
) {
  const town = findTown(user.location ?? '');
  const saved = draft?.values ?? {};
  return {
    bio: saved.bio ?? '',
    experience: saved.experience ?? '',
    hourlyRate: saved.hourlyRate ?? '',
    kinds: (saved.kinds ?? []) as OnboardingValues['kinds'],
    parish: saved.parish ?? town?.parish ?? user.parish ?? '',
    town: saved.town ?? town?.name ?? '',
    skills: saved.skills ?? [],
    certifications: saved.certifications ?? [],
    availability: saved.availability ?? [],
  };
}

function OnboardingWizard({ draft }: { draft: OnboardingDraft | null }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const create = useCreateCaregiverProfile();
  const saveDraft = useSaveOnboardingDraft();
  const [step, setStep] = useState(() => Math.min(Math.max(draft?.step ?? 0, 0), lastStep));
  const {
    register,
    control,
    handleSubmit,
    trigger,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<OnboardingValues>({
    resolver: zodResolver(OnboardingForm),
    defaultValues: initialValues(user, draft),
  });

  const next = async () => {
    if (!(await trigger([...STEPS[step].fields]))) return;
    const to = Math.min(step + 1, lastStep);
    setStep(to);
    // Each Next keeps the progress on the server: a reload (or another device) comes back here.
    saveDraft.mutate({ step: to, values: getValues() });
  };

  const onSubmit = handleSubmit((v) => {
    create.mutate(
      {
        bio: v.bio,
        experience: Number(v.experience),
        hourlyRate: Number(v.hourlyRate),
        kinds: v.kinds as OnboardingValues['kinds'],
        parish: v.parish,
        location: v.town,
        skills: v.skills,
        certifications: v.certifications,
        availability: v.availability,
      },
      {
        onSuccess: () => {
          toast({
            title: 'Profile created successfully!',
            description: 'Welcome to YaadCare! Your caregiver profile is now live.',
          });
          navigate('/caregiver-dashboard', { replace: true });
        },
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Profile creation failed',
            description: 'Something went wrong. Please try again.',
          }),
      },
    );
  });

  return (
    <Card>
      <div className="mb-6 space-y-2">
        <p className="text-sm font-semibold text-muted-foreground" aria-live="polite">
          Step {step + 1} of {STEPS.length}: {STEPS[step].title}
        </p>
        <Progress value={((step + 1) / STEPS.length) * 100} label="Onboarding progress" />
        <p className="text-xs text-muted-foreground" role="status">
          {saveDraft.isSuccess ? 'Progress saved: you can come back to it later.' : null}
          {saveDraft.isError ? 'We could not save your progress; your answers stay on this page.' : null}
        </p>
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          // Enter on steps 1 and 2 moves on; only step 3 submits.
          if (step < lastStep) {
            e.preventDefault();
            void next();
            return;
          }
          void onSubmit(e);
        }}
        className="space-y-6"
      >
        {step === 0 ? (
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
        ) : null}

        {step === 1 ? (
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
        ) : null}

        {step === 2 ? (
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
                  options={toOptions(CERTIFICATIONS)}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
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
        ) : null}

        <div className="flex flex-wrap justify-between gap-3 border-t border-border pt-6">
          <Button variant="outline" disabled={step === 0} onClick={() => setStep((s) => Math.max(0, s - 1))}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          {step < STEPS.length - 1 ? (
            <Button type="submit">
              Next
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          ) : (
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating profile...' : 'Create profile'}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

/** /caregiver-onboarding: the 3-step profile wizard (spec §2), for caregivers without a profile. */
export default function CaregiverOnboardingPage() {
  useDocumentTitle('Create your caregiver profile');
  const user = useSignedInUser();
  const isCaregiver = user.userType === 'caregiver';
  const profile = useMyCaregiverProfile(isCaregiver);
  const draft = useOnboardingDraft(isCaregiver && profile.data === null);

  let body: React.ReactNode;
  if (!isCaregiver) {
    body = (
      <Card className="text-center">
        <p>Onboarding is for caregiver accounts.</p>
        <Link to="/dashboard" className={buttonClasses({ className: 'mt-4' })}>
          Go to your dashboard
        </Link>
      </Card>
    );
  } else if (profile.isPending || (profile.data === null && draft.isPending)) {
    body = <Spinner />;
  } else if (profile.isError) {
    body = (
      <Card className="text-center">
        <p role="alert">We couldn't check your profile. Please try again.</p>
        <Button className="mt-4" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Card>
    );
  } else if (profile.data) {
    body = (
      <Card className="text-center">
        <p>You already have a caregiver profile.</p>
        <Link to="/profile" className={buttonClasses({ className: 'mt-4' })}>
          Edit your profile
        </Link>
      </Card>
    );
  } else {
    // A draft that could not be read does not block the wizard: it starts from the signup details.
    body = <OnboardingWizard draft={draft.data ?? null} />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="mb-6 flex items-start gap-3">
        <Sparkles aria-hidden="true" className="mt-1 size-7 shrink-0 text-primary" />
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Create your caregiver profile</h1>
          <p className="mt-1 text-muted-foreground">
            Three short steps and families across Jamaica can find you.
          </p>
        </div>
      </div>
      {body}
      {isCaregiver ? (
        <p className="mt-4 text-center text-sm">
          <Link to="/dashboard" className="font-semibold text-primary underline underline-offset-4">
            Skip for now
          </Link>
        </p>
      ) : null}
    </div>
  );
}
