import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Award, Briefcase, CalendarClock, MapPin, MessageCircle, UserX } from 'lucide-react';
import { lazy, memo, Suspense, useEffect } from 'react';
import type { PagePrefetch } from '../app/prefetch';
import { CaregiverPhoto } from '../components/caregiver-photo';
import { StarRating } from '../components/star-rating';
import { Button, buttonClasses } from '../components/ui/button';
import { Alert } from '../components/ui/form-field';
import {
  type CaregiverProfile,
  caregiverProfileQuery,
  caregiverReviewsQuery,
} from '../features/caregivers/api';
import {
  AvailabilityBadge,
  SelfReportedCredentials,
  TrustBadge,
  VerifiedFacts,
} from '../features/caregivers/components/badges';
import type { ProfileLinkState } from '../features/caregivers/components/caregiver-card';
import { ReliabilityRecordView } from '../features/caregivers/components/reliability-record';
import { kindLabel } from '../features/caregivers/search-params';
import { useNow } from '../features/caregivers/use-now';
import { FavouriteButton } from '../features/favourites/components/favourite-button';
import { useRecordProfileView } from '../features/favourites/profile-views';
import { AskToMeet } from '../features/meetings/components/ask-to-meet';
import { ReviewFromLink } from '../features/reviews/components/review-from-link';
import { useCaregiverProfileMeta } from '../features/seo/caregiver-meta';
import { displayName, formatRate, parseRating, placeText, plural } from '../lib/format';
import { useNotFoundStatus } from '../lib/render-context';
import { Link, useLocation, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';
import { BookingPanelLoading, ReviewsLoading, Section } from './caregiver-profile/section';

/**
 * Below the first screen of a phone, and the heaviest parts of the page to start: the booking form (its
 * rules, prices and mutation) and the reviews list load as chunks of their own, so the profile's first
 * screen hydrates without them; a server-rendered page keeps their server HTML until they have arrived
 * (ADR 0023).
 */
const loadBookingPanel = () => import('../features/bookings/components/booking-panel');
const loadReviews = () => import('./caregiver-profile/reviews');
const BookingPanel = lazy(() => loadBookingPanel().then((m) => ({ default: m.BookingPanel })));
const Reviews = lazy(loadReviews);
// The free-time calendar (ADR 0046): below the first screen, a chunk of its own too.
const loadFreeTime = () => import('../features/availability/components/free-time');
const FreeTime = lazy(() => loadFreeTime().then((m) => ({ default: m.FreeTime })));
const FreeTimePart = memo(function FreeTimePart({ id, firstName }: { id: number; firstName: string }) {
  return (
    <Suspense fallback={<p role="status">Loading free time…</p>}>
      <FreeTime caregiverId={id} firstName={firstName} />
    </Suspense>
  );
});

/*
 * Memoised, so that an update of the profile right after hydration (useNow moving to the browser's clock)
 * does not reach their Suspense boundaries before their code has arrived: React would then draw them anew
 * instead of hydrating the server's HTML (e2e/profile-first-load.test.ts).
 */
const BookingPanelPart = memo(function BookingPanelPart({ caregiver }: { caregiver: CaregiverProfile }) {
  return (
    <Suspense fallback={<BookingPanelLoading />}>
      <BookingPanel caregiver={caregiver} />
    </Suspense>
  );
});
const ReviewsPart = memo(function ReviewsPart({ caregiverId }: { caregiverId: number }) {
  return (
    <Suspense fallback={<ReviewsLoading />}>
      <Reviews caregiverId={caregiverId} />
    </Suspense>
  );
});

/** docs/product.md#screens-and-routes: the id is parsed as an integer; anything that is not a positive one is not a caregiver. */
export function parseCaregiverId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number.parseInt(raw, 10);
  return id > 0 ? id : undefined;
}

function Chips({ items, empty }: { items: readonly string[]; empty: string }) {
  if (!items.length) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-muted px-3 py-1 text-sm font-medium">
          {item}
        </li>
      ))}
    </ul>
  );
}

function ProfileSkeleton() {
  useDocumentTitle('Caregiver profile');
  return (
    <div
      role="status"
      aria-label="Loading caregiver profile"
      className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[1fr_22rem]"
    >
      <div className="space-y-6 motion-safe:animate-pulse">
        <div className="flex gap-5 rounded-2xl border border-border bg-surface p-6">
          <div className="size-28 shrink-0 rounded-full bg-muted" />
          <div className="flex-1 space-y-3">
            <div className="h-7 w-1/2 rounded bg-muted" />
            <div className="h-4 w-1/3 rounded bg-muted" />
            <div className="h-4 w-2/3 rounded bg-muted" />
            <div className="h-4 w-1/4 rounded bg-muted" />
          </div>
        </div>
        <div className="h-40 rounded-2xl bg-muted" />
        <div className="h-32 rounded-2xl bg-muted" />
      </div>
      <div className="h-96 rounded-2xl bg-muted motion-safe:animate-pulse" />
    </div>
  );
}

function NotFound() {
  useDocumentTitle('Caregiver not found');
  useNotFoundStatus();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <UserX aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="mt-4 text-3xl font-extrabold">Caregiver not found</h1>
      <p className="mt-3 text-muted-foreground">
        This profile may have been removed, or the link may be wrong.
      </p>
      <Link to="/search" className={buttonClasses({ className: 'mt-8' })}>
        Find other caregivers
      </Link>
    </section>
  );
}

function Profile({ caregiver }: { caregiver: CaregiverProfile }) {
  const now = useNow();
  const name = displayName(caregiver.user.firstName, caregiver.user.lastName);
  const rating = parseRating(caregiver.averageRating);
  const place = placeText(caregiver.user.location, caregiver.parish);
  const kinds = caregiver.kinds.map(kindLabel);
  const from = (useLocation().state as ProfileLinkState | null)?.from;
  const backTo = from?.startsWith('/search') ? from : '/search';
  useRecordProfileView(caregiver.id);
  useCaregiverProfileMeta(caregiver);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link
        to={backTo}
        className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-primary-deep hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {from?.startsWith('/search') ? 'Back to results' : 'Back to search'}
      </Link>
      <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="min-w-0 space-y-6">
          <section className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 shadow-sm sm:flex-row sm:p-6">
            <CaregiverPhoto src={caregiver.user.profileImageUrl} alt={`Photo of ${name}`} size={112} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-3xl font-extrabold tracking-tight">{name}</h1>
                <TrustBadge isVerified={caregiver.isVerified} />
                <FavouriteButton caregiverId={caregiver.id} name={name} />
              </div>
              {kinds.length ? (
                <p className="mt-1 font-medium text-primary-deep">{kinds.join(' · ')}</p>
              ) : null}
              <p className="mt-2 flex flex-wrap items-center gap-2">
                {/* Not yet reviewed: 'New', not a 0.0 rating of '(0 reviews)' (issue 32 item 13). */}
                {caregiver.totalReviews > 0 ? (
                  <>
                    <StarRating value={rating} size="size-5" />
                    <span className="font-bold">{rating.toFixed(1)}</span>
                    <span className="text-muted-foreground">
                      ({plural(caregiver.totalReviews, 'review')})
                    </span>
                  </>
                ) : (
                  <span className="font-bold">New</span>
                )}
              </p>
              <dl className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
                {place ? (
                  <div className="flex items-center gap-1.5">
                    <dt className="sr-only">Location</dt>
                    <MapPin aria-hidden="true" className="size-4 text-muted-foreground" />
                    <dd>{place}</dd>
                  </div>
                ) : null}
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">Experience</dt>
                  <Briefcase aria-hidden="true" className="size-4 text-muted-foreground" />
                  <dd>{plural(caregiver.experience, 'year')} of experience</dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">Hourly rate</dt>
                  <Award aria-hidden="true" className="size-4 text-muted-foreground" />
                  <dd>
                    <span className="font-bold">{formatRate(caregiver.hourlyRate)}</span> per hour
                  </dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">Availability</dt>
                  <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
                  <dd>
                    {caregiver.nextAvailableAt ? (
                      <AvailabilityBadge nextAvailableAt={caregiver.nextAvailableAt} now={now} />
                    ) : (
                      <span className="text-muted-foreground">No free time in the next 14 days</span>
                    )}
                  </dd>
                </div>
              </dl>
              <Link
                to={`/chat/${caregiver.userId}`}
                className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-4' })}
              >
                <MessageCircle aria-hidden="true" className="size-4" />
                Send Message
              </Link>
              <AskToMeet caregiverId={caregiver.id} name={name} className="mt-4 ml-2" />
            </div>
          </section>

          <Section title="About">
            {caregiver.bio ? (
              <p className="whitespace-pre-line">{caregiver.bio}</p>
            ) : (
              <p className="text-muted-foreground">{caregiver.user.firstName} hasn't written a bio yet.</p>
            )}
          </Section>

          <Section title="Verified by YaadCare">
            <VerifiedFacts facts={caregiver.verifiedFacts} firstName={caregiver.user.firstName} />
          </Section>

          {caregiver.reliability ? (
            <Section title="Reliability">
              <ReliabilityRecordView record={caregiver.reliability} />
            </Section>
          ) : null}

          <Section title="Skills & Certifications">
            <h3 className="text-sm font-semibold text-muted-foreground">Skills</h3>
            <div className="mt-2">
              <Chips items={caregiver.skills} empty="No skills listed yet." />
            </div>
            <h3 className="mt-4 text-sm font-semibold text-muted-foreground">Certifications</h3>
            <div className="mt-2">
              <SelfReportedCredentials items={caregiver.certifications} />
            </div>
          </Section>

          <Section title="Availability">
            <Chips items={caregiver.availability} empty="No availability listed yet." />
          </Section>

          <Section title="Free time">
            <FreeTimePart id={caregiver.id} firstName={caregiver.user.firstName} />
          </Section>

          <ReviewFromLink caregiverName={name} />
          <ReviewsPart caregiverId={caregiver.id} />
        </div>

        <BookingPanelPart caregiver={caregiver} />
      </div>
    </div>
  );
}

function LoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useDocumentTitle('Caregiver profile');
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <Alert>We couldn't load this caregiver's profile.</Alert>
      <Button onClick={onRetry} disabled={retrying}>
        Retry
      </Button>
    </div>
  );
}

/** Server rendering: the profile and the first page of its reviews. */
export const prefetch: PagePrefetch = (client, { params }) => {
  const id = parseCaregiverId(params.id);
  if (id === undefined) return [];
  return [
    client.prefetchQuery(caregiverProfileQuery(id)),
    client.prefetchInfiniteQuery(caregiverReviewsQuery(id)),
  ];
};

export default function CaregiverProfilePage() {
  const { id: rawId } = useParams();
  const id = parseCaregiverId(rawId);
  // A profile opened within the app fetches their code while its data is on the way.
  useEffect(() => {
    loadBookingPanel().catch(() => undefined);
    loadReviews().catch(() => undefined);
  }, []);
  // A 404 the server rendered stays one while the browser hydrates (no refetch of the failed read on mount).
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({
    ...caregiverProfileQuery(id ?? 0),
    enabled: id !== undefined,
    retryOnMount: false,
  });

  if (id === undefined) return <NotFound />;
  if (isError) {
    // The status, not the class: a 404 the server rendered arrives in its data block as a plain object.
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 404 || status === 400) return <NotFound />;
    return <LoadError onRetry={() => void refetch()} retrying={isFetching} />;
  }
  if (isPending) return <ProfileSkeleton />;
  return <Profile caregiver={data} />;
}
