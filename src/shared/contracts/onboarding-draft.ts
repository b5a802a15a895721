import { z } from './zod';

/** The onboarding wizard's steps (About you, Your skills, Certifications & availability). */
export const ONBOARDING_STEP_COUNT = 3;

const DraftText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);
const DraftList = (label: string) =>
  z
    .array(DraftText(label, 80), { error: `${label} must be a list` })
    .max(40, `At most 40 ${label.toLowerCase()}`);

/**
 * What the wizard has so far. Every field is optional and may be empty: a draft is unfinished by design;
 * the profile itself is validated by CreateCaregiverRequest when it is submitted.
 */
export const OnboardingDraftValues = z
  .object({
    bio: DraftText('Bio', 2000),
    experience: DraftText('Experience', 10),
    hourlyRate: DraftText('Hourly rate', 12),
    kinds: DraftList('Kinds'),
    parish: DraftText('Parish', 80),
    town: DraftText('Town', 80),
    skills: DraftList('Skills'),
    certifications: DraftList('Certifications'),
    availability: DraftList('Availability'),
  })
  .partial()
  .strict();

/** PUT /api/caregivers/me/onboarding-draft: the step reached and the values so far. */
export const SaveOnboardingDraftRequest = z.object({
  step: z
    .number({ error: 'Step must be a number' })
    .int('Step must be a whole number')
    .min(0, 'Step must be 0 or more')
    .max(ONBOARDING_STEP_COUNT - 1, `Step must be at most ${ONBOARDING_STEP_COUNT - 1}`),
  values: OnboardingDraftValues,
});

/**
 * The draft as the wizard restores it. Without a saved draft (`savedAt` null): step 0 and what is already
 * known from signup (parish and town). A saved draft with no parish or town gets them from signup too.
 */
export const OnboardingDraft = z.object({
  step: z.number().int(),
  values: OnboardingDraftValues,
  savedAt: z.iso.datetime().nullable(),
});
export type OnboardingDraft = z.infer<typeof OnboardingDraft>;
export type OnboardingDraftValues = z.infer<typeof OnboardingDraftValues>;
