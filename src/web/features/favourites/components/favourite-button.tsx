import { lazy, Suspense } from 'react';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../auth/api';

/** The heart's code (its queries, the mutation and the error toast) loads only where a family sees it (ADR 0023). */
const FavouriteToggle = lazy(() =>
  import('./favourite-toggle').then((m) => ({ default: m.FavouriteToggle })),
);

interface FavouriteButtonProps {
  caregiverId: number;
  name: string;
  className?: string;
}

/**
 * The heart on cards and profiles: families save caregivers to their favourites (others see nothing, and
 * download nothing for it). On a server-rendered page the server's heart stays until its code has arrived.
 */
export function FavouriteButton(props: FavouriteButtonProps) {
  const { data: user } = useCurrentUser();
  if (user?.userType !== 'family') return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className={cn('inline-block size-11', props.className)} />}>
      <FavouriteToggle {...props} />
    </Suspense>
  );
}
