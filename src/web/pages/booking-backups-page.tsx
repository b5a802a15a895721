import { ArrowLeft } from 'lucide-react';
import { Alert } from '../components/ui/alert';
import { BackupOffers } from '../features/bookings/components/backup-offers';
import { Link, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /bookings/:id/backups: the backup offers of a booking whose caregiver dropped out (ADR 0034), reached from
 * the cancellation or no-show notice and from the booking card. The server decides who may see them.
 */
export default function BookingBackupsPage() {
  useDocumentTitle('Backup caregivers');
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <Link
        to="/bookings"
        className="inline-flex items-center gap-1 font-semibold text-primary-deep underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        My bookings
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">Backup caregivers</h1>
      {id ? <BackupOffers bookingId={id} /> : <Alert>This booking was not found among your bookings.</Alert>}
    </div>
  );
}
