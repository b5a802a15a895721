import type { MouseEvent } from 'react';
import type { Parish } from '../../../../shared/catalog';
import { cn } from '../../../lib/cn';
import { plural } from '../../../lib/format';
import { MAP_HEIGHT, MAP_WIDTH, PARISH_SHAPES } from './parish-map-data';

/** Greens by share of the busiest parish; no caregivers stays pale. */
function fillFor(count: number, max: number, selected: boolean): string {
  if (selected) return 'var(--color-accent)';
  if (count <= 0 || max <= 0) return '#eef2ea';
  const share = count / max;
  if (share > 0.66) return '#7fbf95';
  if (share > 0.33) return '#a9d5b7';
  return '#d2ead9';
}

export function parishLinkLabel(parish: string, count: number | undefined): string {
  return count === undefined ? parish : `${parish}, ${plural(count, 'caregiver')}`;
}

/**
 * Jamaica's 14 parishes drawn from the shipped outlines, each a link (focusable, named
 * 'St. Andrew, 12 caregivers') carrying its count in a bubble. Choosing one calls `onSelect`;
 * the href is the same search with that parish, so open-in-new-tab works too.
 */
export function ParishMap({
  counts,
  selected,
  hrefFor,
  onSelect,
  className,
}: {
  counts: ReadonlyMap<string, number> | undefined;
  selected?: Parish;
  hrefFor: (parish: Parish) => string;
  onSelect: (parish: Parish) => void;
  className?: string;
}) {
  const max = counts ? Math.max(0, ...counts.values()) : 0;
  const onClick = (event: MouseEvent, parish: Parish) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(parish);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group names the map's links.
    <svg
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      role="group"
      aria-label="Map of Jamaica's parishes"
      className={cn('h-auto w-full rounded-xl bg-[#e4f1f8]', className)}
    >
      {PARISH_SHAPES.map(({ parish, d, label, anchor }) => {
        const count = counts?.get(parish);
        const isSelected = parish === selected;
        return (
          <a
            key={parish}
            href={hrefFor(parish)}
            aria-label={parishLinkLabel(parish, count)}
            aria-current={isSelected ? 'true' : undefined}
            onClick={(event) => onClick(event, parish)}
            className="group cursor-pointer outline-none"
          >
            <path
              d={d}
              fill={fillFor(count ?? 0, max, isSelected)}
              stroke="#3f5a48"
              strokeWidth={1.5}
              strokeLinejoin="round"
              className="transition-[fill] group-hover:brightness-95 group-focus-visible:stroke-[var(--color-ring)] group-focus-visible:[stroke-width:5]"
            />
            {anchor ? (
              <>
                {/* An offshore label (Kingston is tiny): its leader line and a target as big as the bubble. */}
                <line
                  x1={anchor[0]}
                  y1={anchor[1]}
                  x2={label[0]}
                  y2={label[1] - 18}
                  stroke="#3f5a48"
                  strokeWidth={1.5}
                />
                <circle
                  cx={label[0]}
                  cy={label[1]}
                  r={24}
                  fill="transparent"
                  className="group-focus-visible:stroke-[var(--color-ring)] group-focus-visible:[stroke-width:5]"
                />
              </>
            ) : null}
          </a>
        );
      })}
      {/* Counts and names on top of every shape; clicks fall through to the parish underneath. */}
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a plain <g> is not focusable; the links above carry the same words. */}
      <g aria-hidden="true" className="pointer-events-none">
        {PARISH_SHAPES.map(({ parish, label }) => {
          const count = counts?.get(parish);
          const isSelected = parish === selected;
          const [x, y] = label;
          return (
            <g key={parish}>
              <circle
                cx={x}
                cy={y}
                r={19}
                fill={isSelected ? 'var(--color-primary-deep)' : '#ffffff'}
                stroke="#3f5a48"
                strokeWidth={1.5}
              />
              <text
                x={x}
                y={y}
                dy="0.35em"
                textAnchor="middle"
                fontSize={count !== undefined && count > 99 ? 14 : 17}
                fontWeight={700}
                fill={isSelected ? '#ffffff' : '#1f2a24'}
              >
                {count ?? '…'}
              </text>
              <text
                x={x}
                y={y + 36}
                textAnchor="middle"
                fontSize={15}
                fontWeight={600}
                fill="#1f2a24"
                stroke="#ffffff"
                strokeWidth={4}
                paintOrder="stroke"
              >
                {parish}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
