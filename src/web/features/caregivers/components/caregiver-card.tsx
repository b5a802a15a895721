import { Briefcase, MapPin } from 'lucide-react';
import type { ComponentType } from 'react';
import { CaregiverPhoto } from '../../../components/caregiver-photo';
import { StarRating } from '../../../components/star-rating';
import { displayName, formatRate, parseRating, placeText, plural } from '../../../lib/format';
import { Link, useLocation } from '../../../lib/router';
import type { PublicCaregiver } from '../api';
import { AvailabilityBadge, TrustBadge } from './badges';

export const CARD_SKILLS = 4;

/** What a card tells the profile page: where to go 'Back' to (the search with its filters). */
export interface ProfileLinkState {
  from?: string;
}

/**
 * What a card shows beside the name for saving the caregiver (the favourites feature's heart); the page
 * passes it in, since one feature does not render another's components.
 */
export type FavouriteSlot = ComponentType<{ caregiverId: number; name: string; className?: string }>;

/**
 * A search result (docs/product.md#screens-and-routes): photo, name with last initial, rating, place, experience, rate, a two-line
 * bio, four skills then '+N more', the availability badge (from nextAvailableAt) and Verified or Not yet verified. The whole card opens the profile
 * (the name is the one link; its ::after covers the card).
 */
export function CaregiverCard({
  caregiver,
  now,
  headingLevel = 'h3',
  lazyPhoto = false,
  favouriteButton: FavouriteButton,
}: {
  caregiver: PublicCaregiver;
  now: Date;
  headingLevel?: 'h2' | 'h3';
  lazyPhoto?: boolean;
  favouriteButton?: FavouriteSlot;
}) {
  const { user } = caregiver;
  const name = displayName(user.firstName, user.lastName);
  const rating = parseRating(caregiver.averageRating);
  const place = placeText(user.location, caregiver.parish);
  const shown = caregiver.skills.slice(0, CARD_SKILLS);
  const more = caregiver.skills.length - shown.length;
  const Heading = headingLevel;
  const location = useLocation();

  return (
    <article className="relative flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-5 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <div className="flex items-start gap-4">
        <CaregiverPhoto src={user.profileImageUrl} alt="" size={64} lazy={lazyPhoto} />
        <div className="min-w-0 flex-1">
          {FavouriteButton ? (
            <FavouriteButton caregiverId={caregiver.id} name={name} className="float-right ml-2" />
          ) : null}
          <Heading className="text-lg leading-tight font-bold">
            <Link
              to={`/caregiver/${caregiver.id}`}
              state={{ from: `${location.pathname}${location.search}` } satisfies ProfileLinkState}
              className="rounded-sm after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
            >
              {name}
            </Link>
          </Heading>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            {/* Not yet reviewed: 'New', not a 0.0 rating of '(0 reviews)' (issue 32 item 13). */}
            {caregiver.totalReviews > 0 ? (
              <>
                <StarRating value={rating} />
                <span>
                  <span className="font-semibold text-foreground">{rating.toFixed(1)}</span> (
                  {plural(caregiver.totalReviews, 'review')})
                </span>
              </>
            ) : (
              <span className="font-semibold text-foreground">New</span>
            )}
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <AvailabilityBadge nextAvailableAt={caregiver.nextAvailableAt} now={now} />
            <TrustBadge isVerified={caregiver.isVerified} />
          </div>
        </div>
      </div>

      <dl className="grid grid-cols-1 gap-1 text-sm text-muted-foreground">
        {place ? (
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Location</dt>
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <dd className="truncate">{place}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Experience</dt>
          <Briefcase aria-hidden="true" className="size-4 shrink-0" />
          <dd>{plural(caregiver.experience, 'year')} experience</dd>
        </div>
        <div className="flex items-baseline gap-1.5">
          <dt className="sr-only">Hourly rate</dt>
          <dd>
            <span className="text-lg font-bold text-foreground">{formatRate(caregiver.hourlyRate)}</span> /
            hour
          </dd>
        </div>
      </dl>

      {caregiver.bio ? <p className="line-clamp-2 text-sm">{caregiver.bio}</p> : null}

      {shown.length ? (
        <ul aria-label="Skills" className="mt-auto flex flex-wrap gap-1.5">
          {shown.map((skill) => (
            <li key={skill} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">
              {skill}
            </li>
          ))}
          {more > 0 ? (
            <li className="rounded-full px-1 py-0.5 text-xs font-semibold text-primary-deep">+{more} more</li>
          ) : null}
        </ul>
      ) : null}
    </article>
  );
}

/** Where a card will be while results load (the same shape, so nothing jumps). */
export function CaregiverCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="caregiver-card-skeleton"
      className="flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-5 shadow-sm motion-safe:animate-pulse"
    >
      <div className="flex items-start gap-4">
        <div className="size-16 shrink-0 rounded-full bg-muted" />
        <div className="flex-1 space-y-2">
          <div className="h-5 w-2/3 rounded bg-muted" />
          <div className="h-4 w-1/2 rounded bg-muted" />
          <div className="h-5 w-28 rounded-full bg-muted" />
        </div>
      </div>
      <div className="space-y-2">
        <div className="h-4 w-1/2 rounded bg-muted" />
        <div className="h-4 w-1/3 rounded bg-muted" />
        <div className="h-5 w-1/3 rounded bg-muted" />
      </div>
      <div className="space-y-2">
        <div className="h-4 w-full rounded bg-muted" />
        <div className="h-4 w-4/5 rounded bg-muted" />
      </div>
      <div className="mt-auto flex gap-1.5">
        <div className="h-5 w-20 rounded-full bg-muted" />
        <div className="h-5 w-16 rounded-full bg-muted" />
        <div className="h-5 w-24 rounded-full bg-muted" />
      </div>
    </div>
  );
}
