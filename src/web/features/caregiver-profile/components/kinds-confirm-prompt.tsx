import { CAREGIVER_KINDS } from '../../../../shared/catalog';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Link } from '../../../lib/router';
import { type MyCaregiverProfile, type UpdateCaregiverBody, useUpdateCaregiverProfile } from '../api';

const kindLabel = (v: string) => CAREGIVER_KINDS.find((k) => k.value === v)?.label ?? v;

/** Where the dashboard's Change link goes: the profile page, its editor open. */
export const EDIT_KINDS_HREF = '/profile?edit=kinds';

/**
 * On the caregiver dashboard while the profile's kinds are the server's guess (the profile was created
 * without kinds, as the spec's onboarding does): Confirm saves them as they are, Change opens the profile
 * editor where kinds are chosen. Saving kinds either way makes the prompt go.
 */
export function KindsConfirmPrompt({ profile }: { profile: MyCaregiverProfile }) {
  const update = useUpdateCaregiverProfile();
  if (profile.kindsConfirmed !== false) return null;
  return (
    <section
      aria-labelledby="kinds-guess-title"
      className="space-y-3 rounded-lg border border-primary bg-primary-soft px-4 py-3"
    >
      <h2 id="kinds-guess-title" className="font-semibold">
        Confirm the kinds of care you offer
      </h2>
      <p className="text-sm">
        We guessed the kinds of care you offer from your skills:{' '}
        <strong>{profile.kinds.map(kindLabel).join(', ')}</strong>. Confirm or change them so that families
        find you under the right kinds of care.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={update.isPending}
          onClick={() => update.mutate({ kinds: profile.kinds as UpdateCaregiverBody['kinds'] })}
        >
          Confirm
        </Button>
        <Link to={EDIT_KINDS_HREF} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Change
        </Link>
      </div>
      {update.isError ? (
        <p role="alert" className="text-sm text-destructive">
          We couldn't save your kinds of care. Please try again.
        </p>
      ) : null}
    </section>
  );
}
