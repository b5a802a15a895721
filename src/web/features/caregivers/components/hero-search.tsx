import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PARISHES, TOWN_NAMES } from '../../../../shared/catalog';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { useNavigate } from '../../../lib/router';
import { CaregiverKindOptions, LocationSearchField } from './quick-search-fields';

const ALL_SERVICES = 'all-services';

/** The home page's search form: a service and a place, sent on to /search. */
export function HeroSearch() {
  const navigate = useNavigate();
  const [service, setService] = useState(ALL_SERVICES);
  const [location, setLocation] = useState('');
  const serviceId = useId();
  const locationId = useId();
  const listId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    // Unlike the spec's page, the chosen service is passed on; location only when entered.
    if (service !== ALL_SERVICES) params.set('type', service);
    if (location.trim()) params.set('location', location.trim());
    const qs = params.toString();
    navigate(qs ? `/search?${qs}` : '/search');
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet exposed as a search landmark everywhere; role="search" is.
    <form
      role="search"
      aria-label="Find caregivers"
      onSubmit={onSubmit}
      className="mt-8 grid max-w-3xl gap-3 rounded-2xl bg-surface p-4 shadow-lg sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div className="space-y-1.5">
        <Label htmlFor={serviceId}>Service</Label>
        <Select id={serviceId} value={service} onChange={(e) => setService(e.target.value)}>
          <CaregiverKindOptions />
          <option value={ALL_SERVICES}>All services</option>
        </Select>
      </div>
      <LocationSearchField
        id={locationId}
        value={location}
        onValueChange={setLocation}
        list={listId}
        autoComplete="off"
      >
        <datalist id={listId}>
          {[...new Set([...TOWN_NAMES, ...PARISHES])].sort().map((place) => (
            <option key={place} value={place} />
          ))}
        </datalist>
      </LocationSearchField>
      <Button type="submit" size="md">
        <Search aria-hidden="true" className="size-5" />
        Search
      </Button>
    </form>
  );
}
