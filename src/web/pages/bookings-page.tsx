import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { CaregiverBookings } from '../features/bookings/components/caregiver-bookings';
import { FamilyBookings } from '../features/bookings/components/family-bookings';
import { useDocumentTitle } from '../lib/use-document-title';

/** /bookings: the caregiver's requests and schedule, or the family's bookings. */
export default function BookingsPage() {
  useDocumentTitle('My bookings');
  const user = useSignedInUser();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight">My bookings</h1>
      {user.userType === 'caregiver' ? <CaregiverBookings /> : <FamilyBookings />}
    </div>
  );
}
