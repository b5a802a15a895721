import { cn } from '../lib/cn';

/** Star height for each size the app uses; the row of five is five times as wide. */
const HEIGHT = { 'size-4': '1rem', 'size-5': '1.25rem' } as const;

/**
 * Five stars filled to the rating (halves rounded); read out as 'Rated 4.8 out of 5'. One element, not
 * ten icons: the stars are a mask (`star-mask` in styles.css) over a bar filled to the rating, so a page of
 * twenty caregivers stays light to draw.
 */
export function StarRating({
  value,
  className,
  size = 'size-4',
}: {
  value: number;
  className?: string;
  size?: keyof typeof HEIGHT;
}) {
  const rounded = Math.round(value * 2) / 2;
  const filled = `${(rounded / 5) * 100}%`;
  return (
    <span
      role="img"
      aria-label={`Rated ${value.toFixed(1)} out of 5`}
      className={cn('star-mask inline-block shrink-0 align-[-0.125em]', className)}
      style={{
        height: HEIGHT[size],
        width: `calc(${HEIGHT[size]} * 5)`,
        background: `linear-gradient(to right, var(--color-accent) ${filled}, var(--color-border) ${filled})`,
      }}
    />
  );
}
