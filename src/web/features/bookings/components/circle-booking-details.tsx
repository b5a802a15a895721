import { HeartHandshake, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../auth/api';
import type { BookingView } from '../api';
import { approvalStateText, type BookingCircleView, forRecipient } from '../circle-text';

function Row({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'flex flex-wrap gap-x-2 sm:col-span-2' : 'flex flex-wrap gap-x-2'}>
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Rows of a circle booking's card for the circle's members: who it is for and where its approval stands. */
export function MemberCircleRows({ booking }: { booking: BookingView & { circle: BookingCircleView } }) {
  const { data: user } = useCurrentUser();
  const approval = approvalStateText(booking, user?.id);
  return (
    <>
      <div className="flex items-center gap-2 font-semibold sm:col-span-2">
        <HeartHandshake aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <dt className="sr-only">Care for</dt>
        <dd>{forRecipient(booking.circle)}</dd>
      </div>
      {approval ? (
        <Row label="Approval" wide>
          {approval}
        </Row>
      ) : null}
    </>
  );
}

/**
 * Rows of a circle booking's card for the caregiver (ADR 0025): where the care is, the recipient's needs and
 * care notes; once confirmed, the full name, address and emergency contact. The server sends no more than
 * that, and never the circle's members, payer or card.
 */
export function CaregiverCircleRows({
  circle,
  status,
}: {
  circle: BookingCircleView;
  status: BookingView['status'];
}) {
  const r = circle.recipient;
  const contact = r.emergencyContact;
  return (
    <>
      <div className="flex items-center gap-2">
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <dt className="sr-only">Location</dt>
        <dd>
          {r.town}, {r.parish}
        </dd>
      </div>
      {r.lastName ? <Row label="Name">{`${r.firstName} ${r.lastName}`}</Row> : null}
      {r.needs ? (
        <Row label="Needs" wide>
          {r.needs}
        </Row>
      ) : null}
      {r.notes ? (
        <Row label="Care notes" wide>
          {r.notes}
        </Row>
      ) : null}
      {r.address ? (
        <Row label="Address" wide>
          {r.address}
        </Row>
      ) : null}
      {status === 'pending' && !r.address ? (
        <Row label="Address" wide>
          <span className="text-muted-foreground">Shown here once you accept.</span>
        </Row>
      ) : null}
      {contact ? (
        <Row label="Emergency contact" wide>
          {contact.name},{' '}
          <a
            href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex items-center gap-1 font-semibold text-primary underline"
          >
            <Phone aria-hidden="true" className="size-3.5" />
            {contact.phone}
          </a>
        </Row>
      ) : null}
    </>
  );
}
