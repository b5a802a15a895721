import { useId, useState } from 'react';
import { FieldErrorText } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import {
  parseWholeNumber,
  RATE_RANGES,
  rateRangeError,
  type SearchFilters,
  withChanges,
} from '../search-params';
import { useDraft } from '../use-draft';
import { Chip, onEnter } from './filter-controls';

/** A rate box's text: the applied rate, or what the link said when it could not be applied. */
function rateText(value: number | undefined, fromUrl: string | null | undefined): string {
  return value === undefined ? (fromUrl?.trim() ?? '') : String(value);
}

/** Min and max hourly rate (applied on Enter or when left, checked first), with suggested ranges. */
export function RateFilter({
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
