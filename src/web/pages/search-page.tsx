import { ChevronLeft, ChevronRight, SearchX, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { CaregiverKind, Parish } from '../../shared/catalog';
import { groupDigits } from '../../shared/money';
import type { PagePrefetch } from '../app/prefetch';
import { Button, buttonClasses } from '../components/ui/button';
import { Alert } from '../components/ui/form-field';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { type CaregiverPage, caregiverSearchQuery, useCaregiverSearch } from '../features/caregivers/api';
import { CaregiverCard, CaregiverCardSkeleton } from '../features/caregivers/components/caregiver-card';
import { FilterPanel } from '../features/caregivers/components/filter-panel';
import { MapDialog } from '../features/caregivers/components/map-dialog';
import {
  CaregiverKindOptions,
  LocationSearchField,
} from '../features/caregivers/components/quick-search-fields';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  filtersToParams,
  PAGE_SIZE,
  parishCountParams,
  parseFilters,
  type SearchFilters,
  type SearchSort,
  SORT_CHOICES,
  searchApiParams,
  withChanges,
} from '../features/caregivers/search-params';
import { useDraft } from '../features/caregivers/use-draft';
import { useNow } from '../features/caregivers/use-now';
import { FavouriteButton } from '../features/favourites/components/favourite-button';
import { HelpWidget } from '../features/support/components/help-widget';
import { cn } from '../lib/cn';
import { errorMessage } from '../lib/error-messages';
import { Link, useSearchParams } from '../lib/router';
import { usePageMeta } from '../lib/use-page-meta';

const SKELETONS = 6;

function toHref(filters: SearchFilters): string {
  const qs = filtersToParams(filters).toString();
  return qs ? `/search?${qs}` : '/search';
}

/** docs/product.md#screens-and-routes quick bar: care type, location and Search (which applies both). */
function QuickBar({ filters, onApply }: { filters: SearchFilters; onApply: (next: SearchFilters) => void }) {
  const typeId = useId();
  const locationId = useId();
  const [location, setLocation] = useDraft(filters.location ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(withChanges(filters, { location: location.trim() || undefined }));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet exposed as a search landmark everywhere; role="search" is.
    <form
      role="search"
      aria-label="Search caregivers"
      onSubmit={onSubmit}
      className="grid gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:grid-cols-[minmax(0,14rem)_1fr_auto] sm:items-end"
    >
      <div className="space-y-1.5">
        <Label htmlFor={typeId}>Care type</Label>
        <Select
          id={typeId}
          value={filters.type ?? ''}
          onChange={(e) =>
            onApply(
              withChanges(filters, {
                type: (e.target.value || undefined) as CaregiverKind | undefined,
                location: location.trim() || undefined,
              }),
            )
          }
        >
          <option value="">All care types</option>
          <CaregiverKindOptions />
        </Select>
      </div>
      <LocationSearchField
        id={locationId}
        value={location}
        onValueChange={setLocation}
        enterKeyHint="search"
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

/** docs/product.md#screens-and-routes: '{n} caregiver(s) available'; a capped count shows as '1,000+'. */
export function countLine(total: number, exact = true): string {
  const n = `${groupDigits(total)}${exact ? '' : '+'}`;
  return `${n} ${total === 1 && exact ? 'caregiver' : 'caregivers'} available`;
}

/** A new page of results starts at the top, as a new page would. */
const toTop = () => window.scrollTo(0, 0);

function Pagination({ filters, page: result }: { filters: SearchFilters; page: CaregiverPage }) {
  // Past the server's counting cap the total is a lower bound: a full page means there may be more.
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const page = result.exact ? Math.min(filters.page, pages) : filters.page;
  const hasNext = result.exact ? page < pages : result.items.length === PAGE_SIZE;
  if (page <= 1 && !hasNext) return null;
  const linkClasses = buttonClasses({ variant: 'outline', size: 'sm' });
  return (
    <nav aria-label="Pages of results" className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={toHref({ ...filters, page: page - 1 })} className={linkClasses} rel="prev" onClick={toTop}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" className={cn(linkClasses, 'invisible')}>
          Previous
        </span>
      )}
      <p className="text-sm" aria-current="page">
        Page {page}
        {result.exact ? ` of ${pages}` : ''}
      </p>
      {hasNext ? (
        <Link to={toHref({ ...filters, page: page + 1 })} className={linkClasses} rel="next" onClick={toTop}>
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span aria-hidden="true" className={cn(linkClasses, 'invisible')}>
          Next
        </span>
      )}
    </nav>
  );
}

/** Server rendering: the first page of results for the filters in the URL. */
export const prefetch: PagePrefetch = (client, { searchParams }) => [
  client.prefetchQuery(caregiverSearchQuery(searchApiParams(parseFilters(searchParams)).toString())),
];

export default function SearchPage() {
  usePageMeta({
    title: 'Find Caregivers Near You',
    description:
      'Search trusted caregivers across Jamaica by care type, parish, hourly rate in JMD, experience, skills and availability. Compare ratings and reviews, then book on YaadCare.',
    canonicalPath: '/search',
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseFilters(searchParams);
  const apiQuery = searchApiParams(filters).toString();
  const { data, isPending, isError, error, refetch, isFetching } = useCaregiverSearch(apiQuery);
  const now = useNow();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [mapOpen, setMapOpen] = useState(false);
  // Reset starts the filter forms afresh: typed text that was never applied, and its message, go too.
  const [resets, setResets] = useState(0);
  const panelId = useId();
  const sortId = useId();
  const activeCount = countActiveFilters(filters);

  const apply = (next: SearchFilters) => {
    setSearchParams(filtersToParams(next));
  };
  const clearAll = () => {
    setResets((n) => n + 1);
    apply({ ...EMPTY_FILTERS, sort: filters.sort });
  };
  // A page past the last one (an old link, fewer results since): go to the last page that has results.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : undefined;
  const pastTheEnd =
    data !== undefined && data.items.length === 0 && lastPage !== undefined && filters.page > lastPage;
  useEffect(() => {
    if (pastTheEnd && lastPage !== undefined)
      setSearchParams(filtersToParams({ ...filters, page: lastPage }), { replace: true });
  }, [pastTheEnd, lastPage, filters, setSearchParams]);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-24">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Find Caregivers Near You</h1>
      <p className="mt-2 text-muted-foreground">
        Trusted nannies, tutors, nurses, housekeepers and more across all 14 parishes.
      </p>

      <div className="mt-6">
        <QuickBar key={resets} filters={filters} onApply={apply} />
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-lg font-semibold">
          {isPending || pastTheEnd ? 'Searching…' : isError ? '' : countLine(data.total, data.exact)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex items-center gap-2">
            <Label htmlFor={sortId} className="whitespace-nowrap">
              Sort by
            </Label>
            <Select
              id={sortId}
              value={filters.sort}
              className="h-9 w-auto text-sm"
              onChange={(e) => apply(withChanges(filters, { sort: e.target.value as SearchSort }))}
            >
              {SORT_CHOICES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </Select>
          </div>
          <MapDialog
            open={mapOpen}
            onOpenChange={setMapOpen}
            countQuery={parishCountParams(filters).toString()}
            selected={filters.parish}
            hrefFor={(parish) => toHref(withChanges(filters, { parish }))}
            onSelect={(parish: Parish | undefined) => apply(withChanges(filters, { parish }))}
          />
          <Button
            variant="outline"
            size="sm"
            className="lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filters{activeCount ? ` (${activeCount})` : ''}
          </Button>
        </div>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <aside
          id={panelId}
          aria-label="Filters"
          className={cn(
            'rounded-2xl border border-border bg-surface p-5 shadow-sm lg:block lg:self-start',
            filtersOpen ? 'block' : 'hidden',
          )}
        >
          <h2 className="mb-4 text-lg font-bold">Filters</h2>
          <FilterPanel
            key={resets}
            filters={filters}
            onChange={apply}
            onClearAll={clearAll}
            urlRates={{ min: searchParams.get('minRate'), max: searchParams.get('maxRate') }}
          />
        </aside>

        <section aria-label="Results" aria-busy={isFetching ? 'true' : undefined}>
          {isError ? (
            <Alert className="flex flex-wrap items-center justify-between gap-3">
              <span>
                We couldn't load caregivers.{' '}
                {errorMessage(error, 'Please check your connection and try again.')}
              </span>
              <Button size="sm" variant="outline" onClick={() => void refetch()} disabled={isFetching}>
                Retry
              </Button>
            </Alert>
          ) : isPending || pastTheEnd ? (
            <ul aria-label="Loading caregivers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {Array.from({ length: SKELETONS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                <li key={i}>
                  <CaregiverCardSkeleton />
                </li>
              ))}
            </ul>
          ) : data.items.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-surface px-6 py-14 text-center">
              <SearchX aria-hidden="true" className="size-12 text-muted-foreground" />
              <h2 className="mt-4 text-xl font-bold">No caregivers found</h2>
              <p className="mt-2 max-w-md text-muted-foreground">
                Try adjusting your filters or search in a different area.
              </p>
              <Button className="mt-6" onClick={clearAll}>
                Clear All Filters
              </Button>
            </div>
          ) : (
            <>
              <h2 className="sr-only">Caregivers</h2>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {data.items.map((caregiver, index) => (
                  <li key={caregiver.id}>
                    <CaregiverCard
                      caregiver={caregiver}
                      now={now}
                      lazyPhoto={index >= 6}
                      favouriteButton={FavouriteButton}
                    />
                  </li>
                ))}
              </ul>
              <Pagination filters={filters} page={data} />
            </>
          )}
        </section>
      </div>
      <HelpWidget />
    </div>
  );
}
