import { Check } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { PARISHES, type Parish } from '../../../../shared/catalog';
import { Button } from '../../../components/ui/button';
import { FieldErrorText } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import {
  EXPERIENCE_CHOICES,
  FILTER_AVAILABILITY,
  FILTER_SKILLS,
  isQuickFilterActive,
  parseWholeNumber,
  QUICK_FILTERS,
  RATE_RANGES,
  rateRangeError,
  type SearchFilters,
  toggleInList,
  toggleQuickFilter,
  withChanges,
} from '../search-params';

/** Local text for a box whose committed value lives in the URL; follows the URL when it changes. */
export function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    setDraft(value);
  }
  return [draft, setDraft] as const;
}

function onEnter(commit: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
}

/** A text filter applied when the person presses Enter or leaves the box (not on every key). */
function TextFilter({
  label,
  value,
  onCommit,
  placeholder,
  hint,
  type = 'text',
}: {
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  placeholder?: string;
  hint?: string;
  type?: 'text' | 'search';
}) {
  const id = useId();
  const [draft, setDraft] = useDraft(value ?? '');
  const commit = () => {
    const next = draft.trim() || undefined;
    if (next !== value) onCommit(next);
  };
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onEnter(commit)}
        enterKeyHint="search"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A rate box's text: the applied rate, or what the link said when it could not be applied. */
function rateText(value: number | undefined, fromUrl: string | null | undefined): string {
  return value === undefined ? (fromUrl?.trim() ?? '') : String(value);
}

function RateFilter({
  filters,
  onChange,
  urlRates,
}: {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  urlRates?: { min: string | null; max: string | null };
}) {
  const minId = useId();
  const maxId = useId();
  const errorId = useId();
  const minValue = rateText(filters.minRate, urlRates?.min);
  const maxValue = rateText(filters.maxRate, urlRates?.max);
  const [min, setMin] = useDraft(minValue);
  const [max, setMax] = useDraft(maxValue);
  // A rate in the link that could not be applied is shown with its message, never dropped silently.
  const [error, setError] = useState(() => rateRangeError(minValue, maxValue));
  const [checked, setChecked] = useState(`${minValue}\n${maxValue}`);
  if (checked !== `${minValue}\n${maxValue}`) {
    setChecked(`${minValue}\n${maxValue}`);
    setError(rateRangeError(minValue, maxValue));
  }

  const commit = () => {
    const problem = rateRangeError(min, max);
    setError(problem);
    if (problem) return;
    const minRate = parseWholeNumber(min);
    const maxRate = parseWholeNumber(max);
    if (minRate !== filters.minRate || maxRate !== filters.maxRate) {
      onChange(withChanges(filters, { minRate, maxRate }));
    }
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">Hourly rate (JMD)</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="space-y-1">
          <Label htmlFor={minId} className="font-normal text-muted-foreground">
            Min rate
          </Label>
          <Input
            id={minId}
            inputMode="numeric"
            value={min}
            placeholder="Any"
            onChange={(e) => setMin(e.target.value)}
            onBlur={commit}
            onKeyDown={onEnter(commit)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={maxId} className="font-normal text-muted-foreground">
            Max rate
          </Label>
          <Input
            id={maxId}
            inputMode="numeric"
            value={max}
            placeholder="Any"
            onChange={(e) => setMax(e.target.value)}
            onBlur={commit}
            onKeyDown={onEnter(commit)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
      </div>
      {error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
      <p className="text-xs text-muted-foreground" id={`${minId}-ranges`}>
        Suggested ranges
      </p>
      <ul aria-labelledby={`${minId}-ranges`} className="flex flex-wrap gap-2">
        {RATE_RANGES.map((range) => {
          const active = filters.minRate === range.minRate && filters.maxRate === range.maxRate;
          return (
            <li key={range.label}>
              <Chip
                pressed={active}
                onClick={() => {
                  setError(undefined);
                  onChange(withChanges(filters, active ? { minRate: undefined, maxRate: undefined } : range));
                }}
              >
                {range.label}
              </Chip>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** A toggle button (aria-pressed) shaped as a pill. */
function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-9 items-center gap-1 rounded-full border px-3 py-1 text-sm font-medium',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border-strong bg-surface hover:bg-muted',
      )}
    >
      {pressed ? <Check aria-hidden="true" className="size-4" /> : null}
      {children}
    </button>
  );
}

function CheckboxList({
  legend,
  options,
  values,
  onToggle,
}: {
  legend: string;
  options: readonly string[];
  values: readonly string[];
  onToggle: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <ul className="grid gap-1">
        {options.map((option) => (
          <li key={option}>
            <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm hover:bg-muted">
              <input
                type="checkbox"
                checked={values.includes(option)}
                onChange={() => onToggle(option)}
                className="size-4 shrink-0 accent-primary"
              />
              {option}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * Every search filter (spec §2, §9): keywords, location, parish, rate with suggested ranges,
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
