import { Map as MapIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { Parish } from '../../../../shared/catalog';
import { PARISHES } from '../../../../shared/catalog';
import { Button } from '../../../components/ui/button';
import { DialogHeader } from '../../../components/ui/dialog-header';
import { Alert } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { plural } from '../../../lib/format';
import { useParishCounts } from '../api';
import { ParishMap, parishLinkLabel } from './parish-map';

/**
 * The Map View: a dialog with the parish map and the number of caregivers matching the current
 * filters in each parish (GET /api/caregivers/parish-counts). Choosing a parish filters the list.
 */
export function MapDialog({
  open,
  onOpenChange,
  countQuery,
  selected,
  hrefFor,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current filters without the parish, as the count call's query. */
  countQuery: string;
  selected?: Parish;
  hrefFor: (parish: Parish | undefined) => string;
  onSelect: (parish: Parish | undefined) => void;
}) {
  const { data, isPending, isError, refetch, isFetching } = useParishCounts(countQuery, open);
  const counts = data ? new Map(data.map((c) => [c.parish, c.count])) : undefined;
  const total = data?.reduce((n, c) => n + c.count, 0);

  const choose = (parish: Parish | undefined) => {
    onSelect(parish);
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <MapIcon aria-hidden="true" className="size-4" />
          Map View
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-4 shadow-xl focus:outline-none sm:p-6">
          <DialogHeader
            title="Caregivers by parish"
            description="Choose a parish to see its caregivers. Numbers match your other filters."
            closeLabel="Close map"
          />

          {isError ? (
            <Alert className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <span>We couldn't load the caregiver counts.</span>
              <Button size="sm" variant="outline" onClick={() => void refetch()}>
                Retry
              </Button>
            </Alert>
          ) : null}

          <div className="mt-4" aria-busy={isPending || isFetching ? 'true' : undefined}>
            <ParishMap
              counts={counts}
              selected={selected}
              hrefFor={(p) => hrefFor(p)}
              onSelect={(p) => choose(p)}
            />
            <p role="status" className="mt-2 min-h-5 text-sm text-muted-foreground">
              {total !== undefined ? `${plural(total, 'caregiver')} across Jamaica match your filters.` : ''}
            </p>
          </div>

          <h3 className="mt-4 text-sm font-semibold">All parishes</h3>
          <ul className="mt-2 grid grid-cols-1 gap-1.5 min-[420px]:grid-cols-2 md:grid-cols-3">
            {PARISHES.map((parish) => {
              const count = counts?.get(parish);
              const isSelected = parish === selected;
              return (
                <li key={parish}>
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    aria-label={parishLinkLabel(parish, count)}
                    onClick={() => choose(parish)}
                    className={cn(
                      'flex min-h-10 w-full items-center justify-between gap-2 rounded-lg border px-3 text-left text-sm',
                      'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring',
                      isSelected
                        ? 'border-primary bg-primary-soft font-semibold'
                        : 'border-border hover:bg-muted',
                    )}
                  >
                    <span>{parish}</span>
                    <span className="font-semibold tabular-nums">{count ?? '…'}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {selected ? (
            <Button variant="link" className="mt-3" onClick={() => choose(undefined)}>
              Show all parishes
            </Button>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
