import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/use-toast';
import { useNavigate } from '../../../lib/router';
import { useSignedInUser } from '../../auth/use-signed-in-user';
import { type OnboardingDraft, useCreateCaregiverProfile, useSaveOnboardingDraft } from '../api';
import { initialValues, lastStep, OnboardingForm, type OnboardingValues, STEPS } from '../onboarding-form';
import { AboutYouStep, CertificationsStep, SkillsStep } from './onboarding-steps';

/**
 * The three-step profile wizard: each Next checks its step and saves the draft on the server; the last
 * step creates the profile and goes to the dashboard.
 */
export function OnboardingWizard({ draft }: { draft: OnboardingDraft | null }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const create = useCreateCaregiverProfile();
  const saveDraft = useSaveOnboardingDraft();
  const [step, setStep] = useState(() => Math.min(Math.max(draft?.step ?? 0, 0), lastStep));
  const form = useForm<OnboardingValues>({
    resolver: zodResolver(OnboardingForm),
    defaultValues: initialValues(user, draft),
  });
  const {
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = form;

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
        {step === 0 ? <AboutYouStep form={form} errors={errors} /> : null}
        {step === 1 ? <SkillsStep form={form} errors={errors} /> : null}
        {step === 2 ? <CertificationsStep form={form} /> : null}

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
