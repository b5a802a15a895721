import { ChevronRight, HeartHandshake } from 'lucide-react';
import { INVITATION_DAYS } from '../../../../shared/contracts/circles';
import { Link } from '../../../lib/router';
import type { CircleSummary } from '../api';
import { recipientLine, rolesText } from '../roles';

/** The circles the family belongs to, each a link to its page. */
export function CircleList({ circles }: { circles: CircleSummary[] }) {
  return (
    <ul className="space-y-3">
      {circles.map((c) => (
        <li key={c.id}>
          <Link
            to={`/circles/${c.id}`}
            className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-4 shadow-sm hover:border-primary"
          >
            <HeartHandshake aria-hidden="true" className="size-8 shrink-0 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="block text-lg font-bold break-words">{c.name}</span>
              <span className="block break-words text-muted-foreground">
                {recipientLine(c.recipientFirstName, c.recipientTown, c.recipientParish)}
              </span>
              <span className="block text-sm">
                Your role: <span className="font-semibold">{rolesText(c.myRoles)}</span>
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What a care circle is, for a family that has none yet (and beside the form for everyone). */
export function CirclesIntro() {
  return (
    <div className="space-y-3 rounded-2xl border border-border bg-surface p-5">
      <h2 className="text-xl font-bold">What is a care circle?</h2>
      <p>
        A care circle is a small group of relatives who arrange care for one person together: for example a
        mother in Mandeville, with a daughter in Toronto and a son in Kingston.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          You create the circle for the person who receives care, with their parish, town and care notes.
        </li>
        <li>
          You invite relatives by e-mail as <strong>coordinator</strong> (manages the circle and its members),{' '}
          <strong>payer</strong> (pays, with a monthly cap if they want one) or <strong>viewer</strong>{' '}
          (follows along).
        </li>
        <li>
          Until someone accepts, you hold both the coordinator and the payer role yourself. A circle always
          keeps at least one coordinator and one payer.
        </li>
      </ul>
      <p className="text-sm text-muted-foreground">
        Invitations are for family accounts: the person signs in (or signs up) with the e-mail address you
        invite, and opens the link within {INVITATION_DAYS} days.
      </p>
    </div>
  );
}
