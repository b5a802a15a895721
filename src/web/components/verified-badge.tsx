import { BadgeCheck } from 'lucide-react';
import { cn } from '../lib/cn';

/**
 * The Verified badge: shown on caregiver cards and profiles when an admin approved every verification step
 * (users.isVerified). Search cards and profile pages render it from the caregiver's `isVerified`.
 */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-bold text-primary-deep',
        className,
      )}
      title="ID, police record and references checked by YaadCare"
    >
      <BadgeCheck aria-hidden="true" className="size-4" />
      Verified
    </span>
  );
}
