import { MapPin, Phone } from 'lucide-react';
import type { CircleView } from '../api';

function Detail({ term, value }: { term: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-sm font-semibold text-muted-foreground">{term}</dt>
      <dd className="break-words whitespace-pre-line">{value}</dd>
    </div>
  );
}

/** The person the circle cares for, as every member sees them. */
export function RecipientCard({ circle }: { circle: CircleView }) {
  const r = circle.recipient;
  const fullName = r.lastName ? `${r.firstName} ${r.lastName}` : r.firstName;
  return (
    <section
      aria-labelledby="recipient"
      className="space-y-4 rounded-2xl border border-border bg-surface p-5 shadow-sm"
    >
      <div>
        <h2 id="recipient" className="text-xl font-bold break-words">
          {fullName}
        </h2>
        <p className="flex items-center gap-1 text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          {r.town}, {r.parish}
        </p>
      </div>
      <dl className="space-y-3">
        <Detail term="Address" value={r.address} />
        <Detail term="Needs" value={r.needs} />
        <Detail term="Care notes" value={r.notes} />
        {r.emergencyContact ? (
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">Emergency contact</dt>
            <dd className="flex flex-wrap items-center gap-x-2 break-words">
              {r.emergencyContact.name}
              <a
                href={`tel:${r.emergencyContact.phone}`}
                className="inline-flex items-center gap-1 font-semibold text-primary-deep underline"
              >
                <Phone aria-hidden="true" className="size-4" />
                {r.emergencyContact.phone}
              </a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-sm font-semibold text-muted-foreground">Approval</dt>
          <dd>
            {circle.approvalRequired
              ? 'A payer approves every booking before the caregiver sees it.'
              : 'Bookings wait for a payer’s approval only when they would go over a payer’s monthly cap.'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
