import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { Alert, FormField } from './ui/form-field';
import { Select } from './ui/select';
import { Spinner } from './ui/spinner';

export interface FilterOption<S extends string> {
  value: S;
  label: string;
}

/**
 * An admin list section: an h2 with a status filter beside it, then the loading, error (with retry),
 * empty or filled state of the list's query. The list itself comes from children once data is there.
 */
export function FilteredListPanel<S extends string, D>({
  id,
  title,
  filterLabel,
  status,
  options,
  onStatusChange,
  query,
  loadingLabel,
  errorText,
  isEmpty,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  filterLabel: string;
  status: S;
  options: FilterOption<S>[];
  onStatusChange: (status: S) => void;
  query: { data: D | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  loadingLabel?: string;
  errorText: string;
  isEmpty: (data: D) => boolean;
  emptyText: ReactNode;
  children: (data: D) => ReactNode;
}) {
  // Past pending and error, TanStack Query's data is there.
  const { data, isPending, isError, refetch } = query;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-2xl font-bold">
          {title}
        </h2>
        <FormField label={filterLabel} className="w-48">
          <Select value={status} onChange={(e) => onStatusChange(e.target.value as S)}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {isPending ? (
        <Spinner label={loadingLabel} />
      ) : isError ? (
        <div className="space-y-2">
          <Alert>{errorText}</Alert>
          <Button onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : isEmpty(data as D) ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        children(data as D)
      )}
    </section>
  );
}
