import { useId, useState } from 'react';
import { FieldErrorText } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import {
  parseWholeNumber,
  RATE_RANGES,
  rateRangeError,
  type SearchFilters,
  swappedRatesNote,
  withChanges,
} from '../search-params';
import { useDraft } from '../use-draft';
import { Chip, onEnter } from './filter-controls';

/** A rate box's text: the applied rate, or what the link said when it could not be applied. */
function rateText(value: number | undefined, fromUrl: string | null | undefined): string {
  return value === undefined ? (fromUrl?.trim() ?? '') : String(value);
}

/** One rate box; errorId is set while the range has an error, which the box then points at. */
function RateBox({
  id,
  label,
  value,
  onValue,
  onCommit,
  errorId,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  onCommit: () => void;
  errorId: string | undefined;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="font-normal text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        inputMode="numeric"
        value={value}
        placeholder="Any"
        onChange={(e) => onValue(e.target.value)}
        onBlur={onCommit}
        onKeyDown={onEnter(onCommit)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </div>
  );
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
  const swapped = swappedRatesNote(urlRates?.min, urlRates?.max);
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
        <RateBox
          id={minId}
          label="Min rate"
          value={min}
          onValue={setMin}
          onCommit={commit}
          errorId={error ? errorId : undefined}
        />
        <RateBox
          id={maxId}
          label="Max rate"
          value={max}
          onValue={setMax}
          onCommit={commit}
          errorId={error ? errorId : undefined}
        />
      </div>
      {error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
      {!error && swapped ? <p className="text-sm text-foreground">{swapped}</p> : null}
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
