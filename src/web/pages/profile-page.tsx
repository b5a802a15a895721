import { MapPin, Pencil } from 'lucide-react';
import { useState } from 'react';
import { CAREGIVER_KINDS, EXPERIENCE_OPTIONS, WEEKDAYS } from '../../shared/catalog';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Alert } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import { VerifiedBadge } from '../components/verified-badge';
import type { PublicUser } from '../features/auth/api';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { type MyCaregiverProfile, useMyCaregiverProfile } from '../features/caregiver-profile/api';
import { AccountEditor } from '../features/caregiver-profile/components/account-editor';
import { AvailabilitySwitch } from '../features/caregiver-profile/components/availability-switch';
import { PhotoUploader } from '../features/caregiver-profile/components/photo-uploader';
import { CaregiverProfileEditor } from '../features/caregiver-profile/components/profile-editor';
import { formatRate } from '../lib/format';
import { Link, useSearchParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

const kindLabel = (v: string) => CAREGIVER_KINDS.find((k) => k.value === v)?.label ?? v;
const experienceLabel = (n: number) =>
  EXPERIENCE_OPTIONS.find((o) => o.value === n)?.label ?? `${n} year${n === 1 ? '' : 's'}`;

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-muted-foreground">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

function Chips({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <span className="text-muted-foreground">{empty}</span>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((i) => (
        <li key={i} className="rounded-full bg-muted px-3 py-1 text-sm">
          {i}
        </li>
      ))}
    </ul>
  );
}

function ProfileHeader({
  user,
  editing,
  onEdit,
}: {
  user: PublicUser;
  editing: boolean;
  onEdit: () => void;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight">
            {user.firstName} {user.lastName}
          </h1>
          {user.isVerified ? <VerifiedBadge /> : null}
        </div>
        <p className="flex items-center gap-1 text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4" />
          {user.location ?? 'No town yet'}
          {user.parish ? `, ${user.parish}` : ''}
        </p>
        <PhotoUploader user={user} />
      </div>
      {editing ? null : (
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit profile
        </Button>
      )}
    </div>
  );
}

function CaregiverView({ profile }: { profile: MyCaregiverProfile }) {
  const days = WEEKDAYS.filter((d) => profile.weeklyAvailability[d]);
  return (
    <dl className="grid gap-6 sm:grid-cols-2">
      <Detail term="About">
        <p className="whitespace-pre-line">{profile.bio || 'No bio yet.'}</p>
      </Detail>
      <Detail term="Kinds of care">
        <Chips items={profile.kinds.map(kindLabel)} empty="None chosen" />
      </Detail>
      <Detail term="Hourly rate">{formatRate(profile.hourlyRate)} per hour</Detail>
      <Detail term="Experience">{experienceLabel(profile.experience)}</Detail>
      <Detail term="Skills">
        <Chips items={profile.skills} empty="None listed" />
      </Detail>
      <Detail term="Certifications">
        <Chips items={profile.certifications} empty="None listed" />
      </Detail>
      <Detail term="Days you work">
        {days.length ? days.map((d) => d[0].toUpperCase() + d.slice(1)).join(', ') : 'No days chosen'}
      </Detail>
      <Detail term="Availability">
        <Chips items={profile.availability} empty="No time slots chosen" />
        <Link
          to="/availability"
          className="mt-2 inline-block font-semibold text-primary underline underline-offset-4"
        >
          Edit availability
        </Link>
      </Detail>
    </dl>
  );
}

function CaregiverProfile({ user }: { user: PublicUser }) {
  // The dashboard's 'confirm your kinds of care' prompt links here with the editor open.
  const [params] = useSearchParams();
  const [editing, setEditing] = useState(() => params.get('edit') === 'kinds');
  const profile = useMyCaregiverProfile();
  if (profile.isPending) return <Spinner />;
  if (profile.isError) return <Alert>We couldn't load your profile. Please refresh the page.</Alert>;
  if (!profile.data) {
    return (
      <Card>
        <h1 className="text-2xl font-bold">My profile</h1>
        <p className="mt-2 text-muted-foreground">You have not created your caregiver profile yet.</p>
        <Link to="/caregiver-onboarding" className={buttonClasses({ className: 'mt-4' })}>
          Complete your profile
        </Link>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <ProfileHeader user={user} editing={editing} onEdit={() => setEditing(true)} />
      <AvailabilitySwitch profile={profile.data} />
      <Card>
        {editing ? (
          <>
            <h2 className="mb-4 text-xl font-bold">Edit your profile</h2>
            <CaregiverProfileEditor profile={profile.data} onDone={() => setEditing(false)} />
          </>
        ) : (
          <CaregiverView profile={profile.data} />
        )}
      </Card>
    </div>
  );
}

function AccountProfile({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="space-y-6">
      <ProfileHeader user={user} editing={editing} onEdit={() => setEditing(true)} />
      <Card>
        {editing ? (
          <>
            <h2 className="mb-4 text-xl font-bold">Edit your details</h2>
            <AccountEditor user={user} onDone={() => setEditing(false)} />
          </>
        ) : (
          <dl className="grid gap-6 sm:grid-cols-2">
            <Detail term="Name">
              {user.firstName} {user.lastName}
            </Detail>
            <Detail term="Email">{user.email}</Detail>
            <Detail term="Phone">{user.phone ?? 'Not given'}</Detail>
            <Detail term="Town">
              {user.location ?? 'Not given'}
              {user.parish ? `, ${user.parish}` : ''}
            </Detail>
          </dl>
        )}
      </Card>
    </div>
  );
}

/** /profile: caregivers edit their caregiver profile; families (and admins) their account details. */
export default function ProfilePage() {
  useDocumentTitle('My profile');
  const user = useSignedInUser();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {user.userType === 'caregiver' ? <CaregiverProfile user={user} /> : <AccountProfile user={user} />}
    </div>
  );
}
