import { useQuery } from '@tanstack/react-query';
import { Button, buttonClasses } from '../../components/ui/button';
import { Alert } from '../../components/ui/form-field';
import { caregiverSearchQuery } from '../../features/caregivers/api';
import { CaregiverCard, CaregiverCardSkeleton } from '../../features/caregivers/components/caregiver-card';
import { useNow } from '../../features/caregivers/use-now';
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import { Link } from '../../lib/router';
import { FEATURED_COUNT, FEATURED_QUERY } from './featured-query';

/** The three top-rated caregivers as search cards (with the favourites heart), or a retry on failure. */
export function FeaturedCaregivers() {
  const now = useNow();
  const { data, isPending, isError, refetch, isRefetching } = useQuery(caregiverSearchQuery(FEATURED_QUERY));
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-14">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="featured-heading" className="text-2xl font-bold">
            Featured Caregivers
          </h2>
          <p className="mt-1 text-muted-foreground">Top-rated caregivers families love.</p>
        </div>
        <Link to="/search" className={buttonClasses({ variant: 'outline' })}>
          View All Caregivers
        </Link>
      </div>
      {isError ? (
        <Alert className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <span>We couldn't load featured caregivers.</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
            Retry
          </Button>
        </Alert>
      ) : isPending ? (
        <ul
          aria-busy="true"
          aria-label="Loading featured caregivers"
          className="mt-6 grid gap-4 md:grid-cols-3"
        >
          {Array.from({ length: FEATURED_COUNT }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={i}>
              <CaregiverCardSkeleton />
            </li>
          ))}
        </ul>
      ) : data.items.length === 0 ? (
        <p className="mt-6 text-muted-foreground">New caregivers are joining every day. Check back soon.</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {data.items.slice(0, FEATURED_COUNT).map((caregiver) => (
            <li key={caregiver.id}>
              <CaregiverCard caregiver={caregiver} now={now} lazyPhoto favouriteButton={FavouriteButton} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
