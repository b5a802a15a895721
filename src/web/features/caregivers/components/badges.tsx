import { BadgeCheck, CircleDashed, Clock, ShieldCheck } from 'lucide-react';
import { nextAvailableLabel } from '../../../../shared/availability';
import type { VerifiedFact } from '../../../../shared/contracts/caregivers';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';

const PILL =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

function availabilityStyle(label: string): string {
  if (label === 'Available now') return 'bg-primary text-primary-foreground';
  if (label === 'Available today') return 'bg-accent text-accent-foreground';
  return 'bg-muted text-foreground border border-border';
}

/**
 * The availability badge from the server's nextAvailableAt (weekly hours minus bookings, Jamaica time):
 * 'Available now', 'Available today', 'Available tomorrow', 'Next available Sat 28 Nov', or nothing.
 */
export function AvailabilityBadge({
  nextAvailableAt,
  now,
  className,
}: {
  nextAvailableAt: string | null;
  now: Date;
  className?: string;
}) {
  const label = nextAvailableLabel(nextAvailableAt, now);
  if (!label) return null;
  return (
    <span className={cn(PILL, availabilityStyle(label), className)}>
      <Clock aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}

/** Shown only when YaadCare approved the caregiver's identity and a police record still under 12 months old. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(PILL, 'bg-primary-soft text-primary-deep', className)}
      title="Identity, police record and references checked by YaadCare"
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      Verified
    </span>
  );
}

/** The Verified badge, or a plain 'Not yet verified' for a caregiver YaadCare has not (or no longer) checked. */
export function TrustBadge({ isVerified, className }: { isVerified: boolean; className?: string }) {
  if (isVerified) return <VerifiedBadge className={className} />;
  return (
    <span
      className={cn(PILL, 'border border-border bg-surface text-muted-foreground', className)}
      title="YaadCare has not checked this caregiver's identity and police record yet"
    >
      <CircleDashed aria-hidden="true" className="size-3.5" />
      Not yet verified
    </span>
  );
}

export const FACT_LABELS: Record<VerifiedFact['kind'], string> = {
  identity: 'Identity verified',
  address: 'Address verified',
  background_check: 'Background check completed',
  references: 'References verified',
  phone: 'Phone number verified',
};

/** What YaadCare checked, each with its date; or, with none, that nothing has been checked yet. */
export function VerifiedFacts({ facts, firstName }: { facts: readonly VerifiedFact[]; firstName: string }) {
  if (!facts.length) {
    return (
      <p className="text-muted-foreground">
        YaadCare has not verified {firstName}'s identity or background yet. Meet in a safe place and ask for
        references.
      </p>
    );
  }
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {facts.map((f) => (
        <li key={f.kind} className="flex items-start gap-2">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-deep" />
          <span>
            <span className="font-semibold">{FACT_LABELS[f.kind]}</span>{' '}
            <span className="text-sm text-muted-foreground">on {formatDate(f.verifiedAt)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Credentials the caregiver listed themselves (CPR, First Aid, CDA…): YaadCare reviews no document for
 * them yet, so each is marked self-reported.
 */
export function SelfReportedCredentials({ items }: { items: readonly string[] }) {
  if (!items.length) return <p className="text-muted-foreground">No certifications listed yet.</p>;
  return (
    <>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="rounded-full bg-muted px-3 py-1 text-sm font-medium">
            {item} <span className="font-normal text-muted-foreground">(self-reported)</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-muted-foreground">
        Self-reported by the caregiver: YaadCare has not reviewed a certificate for these. Ask to see it.
      </p>
    </>
  );
}
