import { findTown } from '../../../shared/catalog';
import { BioField, KindsField, RATE_MAX, RATE_MIN } from '../../../shared/contracts/caregiver-profile';
import { z } from '../../../shared/contracts/zod';
import type { OnboardingDraft } from './api';

/** The onboarding wizard's form: its fields, its three steps, and where it starts from. */
export const OnboardingForm = z.object({
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
export type OnboardingValues = z.infer<typeof OnboardingForm>;

export const STEPS = [
  { title: 'About you', fields: ['bio', 'experience', 'hourlyRate', 'kinds', 'parish', 'town'] },
  { title: 'Your skills', fields: ['skills'] },
  { title: 'Certifications & availability', fields: ['certifications', 'availability'] },
] as const;

export const lastStep = STEPS.length - 1;

/** The wizard's starting values: the saved draft, else what signup told us (parish and town). */
export function initialValues(
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
