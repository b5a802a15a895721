import { useId } from 'react';
import { PARISHES, type Parish } from '../../../../shared/catalog';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import {
  EXPERIENCE_CHOICES,
  FILTER_AVAILABILITY,
  FILTER_SKILLS,
  isQuickFilterActive,
  QUICK_FILTERS,
  type SearchFilters,
  toggleInList,
  toggleQuickFilter,
  withChanges,
} from '../search-params';
import { CheckboxList, Chip, TextFilter } from './filter-controls';
import { RateFilter } from './rate-filter';

/**
 * Every search filter (docs/product.md#screens-and-routes, #constants-and-limits): keywords, location, parish, rate with suggested ranges,
 * experience, quick filters, skills, availability, verified and available-now. Each change goes
 * straight to the URL through `onChange` (text boxes on Enter or when left).
 */
export function FilterPanel({
  filters,
  onChange,
  onClearAll,
  urlRates,
}: {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  onClearAll: () => void;
  /** The rates as the URL wrote them, to show one that could not be applied. */
  urlRates?: { min: string | null; max: string | null };
}) {
  const parishId = useId();
  const experienceId = useId();
  return (
    <div className="space-y-6">
      <TextFilter
        label="Keywords"
        type="search"
        value={filters.q}
        placeholder="Name, skill or words in a bio"
        onCommit={(q) => onChange(withChanges(filters, { q }))}
      />
      <TextFilter
        label="Location"
        value={filters.location}
        placeholder="Town or parish"
        onCommit={(location) => onChange(withChanges(filters, { location }))}
      />
      <div className="space-y-1.5">
        <Label htmlFor={parishId}>Parish</Label>
        <Select
          id={parishId}
          value={filters.parish ?? ''}
          onChange={(e) =>
            onChange(withChanges(filters, { parish: (e.target.value || undefined) as Parish | undefined }))
          }
        >
          <option value="">All parishes</option>
          {PARISHES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Quick filters</legend>
        <ul className="flex flex-wrap gap-2">
          {QUICK_FILTERS.map((quick) => (
            <li key={quick.id}>
              <Chip
                pressed={isQuickFilterActive(filters, quick)}
                onClick={() => onChange(toggleQuickFilter(filters, quick))}
              >
                {quick.label}
              </Chip>
            </li>
          ))}
        </ul>
      </fieldset>

      <RateFilter filters={filters} onChange={onChange} urlRates={urlRates} />

      <div className="space-y-1.5">
        <Label htmlFor={experienceId}>Experience</Label>
        <Select
          id={experienceId}
          value={String(filters.experience)}
          onChange={(e) => onChange(withChanges(filters, { experience: Number(e.target.value) }))}
        >
          {EXPERIENCE_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
          {EXPERIENCE_CHOICES.some((c) => c.value === filters.experience) ? null : (
            <option value={filters.experience}>{filters.experience}+ years</option>
          )}
        </Select>
      </div>

      <CheckboxList
        legend="Skills"
        options={FILTER_SKILLS}
        values={filters.skills}
        onToggle={(skill) => onChange(withChanges(filters, { skills: toggleInList(filters.skills, skill) }))}
      />

      <CheckboxList
        legend="Availability"
        options={FILTER_AVAILABILITY}
        values={filters.availability}
        onToggle={(value) =>
          onChange(withChanges(filters, { availability: toggleInList(filters.availability, value) }))
        }
      />

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Show only</legend>
        <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm hover:bg-muted">
          <input
            type="checkbox"
            checked={filters.verified}
            onChange={(e) => onChange(withChanges(filters, { verified: e.target.checked }))}
            className="size-4 accent-primary"
          />
          Verified caregivers
        </label>
        <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm hover:bg-muted">
          <input
            type="checkbox"
            checked={filters.urgent}
            onChange={(e) => onChange(withChanges(filters, { urgent: e.target.checked }))}
            className="size-4 accent-primary"
          />
          Available now (urgent care)
        </label>
      </fieldset>

      <Button variant="outline" className="w-full" onClick={onClearAll}>
        Reset filters
      </Button>
    </div>
  );
}
