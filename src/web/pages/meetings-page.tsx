import { Alert } from '../components/ui/alert';
import { useCurrentUser } from '../features/auth/api';
import { MeetingsList } from '../features/meetings/components/meetings-list';
import { viewerZone } from '../features/meetings/time';
import { useDocumentTitle } from '../lib/use-document-title';

/** /meetings: short free meetings before booking (ADR 0047), for families and caregivers. */
export default function MeetingsPage() {
  const user = useCurrentUser().data;
  useDocumentTitle('Meetings');
  const role = user?.userType === 'family' || user?.userType === 'caregiver' ? user.userType : undefined;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Meetings</h1>
        <p className="text-lg text-muted-foreground">
          {role === 'caregiver'
            ? 'Families who would like to meet you before booking. Meetings are free.'
            : 'Meet a caregiver for 15 or 30 minutes before you book. Meetings are free.'}
        </p>
      </div>
      {user && !role ? (
        <Alert variant="info">Meetings are for families and caregivers.</Alert>
      ) : role ? (
        <MeetingsList viewer={role} zone={viewerZone(user?.timeZone)} />
      ) : null}
    </div>
  );
}
