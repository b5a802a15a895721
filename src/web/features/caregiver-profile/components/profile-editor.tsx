import { useState } from 'react';
import type { z } from 'zod';
import {
  CAREGIVER_KINDS,
  CERTIFICATIONS,
  EXPERIENCE_OPTIONS,
  FILTER_SKILLS,
  findTown,
  ONBOARDING_SKILLS,
} from '../../../../shared/catalog';
import { UpdateCaregiverRequest } from '../../../../shared/contracts/caregiver-profile';
import { RATE_HINT } from '../../../../shared/pricing';
import { CheckboxGroup, toOptions } from '../../../components/ui/checkbox-group';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { type MyCaregiverProfile, useUpdateCaregiverProfile } from '../api';
import { AvailabilityEditor, type AvailabilityValue } from './availability-editor';
import { LocationFields } from './location-fields';
import { type FieldErrors, issuesToErrors, profileSaveFeedback } from './profile-save-feedback';
import { SaveCancelButtons } from './save-cancel-buttons';

const unique = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

/** The caregiver's edit form: every profile field, parish and town, and the availability editor. */
export function CaregiverProfileEditor({
  profile,
  onDone,
}: {
  profile: MyCaregiverProfile;
  onDone: () => void;
}) {
  const mutation = useUpdateCaregiverProfile();
  const town = findTown(profile.location ?? '');
  const [bio, setBio] = useState(profile.bio ?? '');
  const [experience, setExperience] = useState(String(profile.experience));
  const [hourlyRate, setHourlyRate] = useState(String(Number(profile.hourlyRate)));
  const [kinds, setKinds] = useState<string[]>(profile.kinds);
  const [skills, setSkills] = useState<string[]>(profile.skills);
  const [certifications, setCertifications] = useState<string[]>(profile.certifications);
  const [place, setPlace] = useState({ parish: town?.parish ?? '', town: town?.name ?? '' });
  const [availability, setAvailability] = useState<AvailabilityValue>({
    weeklyAvailability: profile.weeklyAvailability,
    availability: profile.availability,
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const experienceOptions = EXPERIENCE_OPTIONS.some((o) => o.value === profile.experience)
    ? EXPERIENCE_OPTIONS
    : [...EXPERIENCE_OPTIONS, { value: profile.experience, label: `${profile.experience} years` }].sort(
        (a, b) => a.value - b.value,
      );

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      bio,
      experience: Number(experience),
      hourlyRate: hourlyRate.trim(),
      kinds,
      skills,
      certifications,
      ...(place.town ? { location: place.town, parish: place.parish } : {}),
      weeklyAvailability: availability.weeklyAvailability,
      availability: availability.availability,
    };
    const parsed = UpdateCaregiverRequest.safeParse(body);
    if (!place.town) {
      setErrors({ location: 'Choose your town' });
      return;
    }
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    mutation.mutate(
      body as z.input<typeof UpdateCaregiverRequest>,
      profileSaveFeedback({ savedText: 'Your changes are saved.', setErrors, onDone }),
    );
  };

  return (
    <form onSubmit={save} noValidate className="space-y-6">
      {Object.keys(errors).length ? <Alert>Please fix the fields marked below.</Alert> : null}
      <FormField label="Bio" error={errors.bio}>
        <Textarea value={bio} maxLength={2000} onChange={(e) => setBio(e.target.value)} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Experience" error={errors.experience}>
          <Select value={experience} onChange={(e) => setExperience(e.target.value)}>
            {experienceOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Hourly rate (JMD)" hint={RATE_HINT} error={errors.hourlyRate}>
          <Input inputMode="decimal" value={hourlyRate} onChange={(e) => setHourlyRate(e.target.value)} />
        </FormField>
      </div>
      <CheckboxGroup
        name="edit-kinds"
        legend="Kinds of care you offer"
        options={CAREGIVER_KINDS}
        value={kinds}
        onChange={setKinds}
        error={errors.kinds}
      />
      <LocationFields
        idPrefix="profile"
        parish={place.parish}
        town={place.town}
        onChange={setPlace}
        errors={{ town: errors.location }}
      />
      <CheckboxGroup
        name="edit-skills"
        legend="Skills"
        columns={3}
        options={toOptions(unique(ONBOARDING_SKILLS, FILTER_SKILLS, profile.skills))}
        value={skills}
        onChange={setSkills}
        error={errors.skills}
      />
      <CheckboxGroup
        name="edit-certifications"
        legend="Certifications"
        options={toOptions(unique(CERTIFICATIONS, profile.certifications))}
        value={certifications}
        onChange={setCertifications}
        error={errors.certifications}
      />
      <section aria-labelledby="edit-availability-heading" className="space-y-3">
        <h3 id="edit-availability-heading" className="text-lg font-bold">
          Availability
        </h3>
        <AvailabilityEditor value={availability} onChange={setAvailability} />
      </section>
      <SaveCancelButtons
        pending={mutation.isPending}
        onCancel={onDone}
        className="border-t border-border pt-6"
      />
    </form>
  );
}
