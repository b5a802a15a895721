import { Avatar } from 'radix-ui';
import type { PublicUser } from '../../shared/contracts/auth';
import { cn } from '../lib/cn';

export function initials(user: Pick<PublicUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The profile picture, or the initials when there is none or it fails to load. Decorative: the name is shown beside it. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<PublicUser, 'firstName' | 'lastName' | 'profileImageUrl'>;
  className?: string;
}) {
  return (
    <Avatar.Root
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-soft',
        className,
      )}
    >
      {user.profileImageUrl ? (
        <Avatar.Image src={user.profileImageUrl} alt="" className="size-full object-cover" />
      ) : null}
      <Avatar.Fallback className="text-sm font-bold text-primary-deep">{initials(user)}</Avatar.Fallback>
    </Avatar.Root>
  );
}
