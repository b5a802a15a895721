import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** Five stars filled to the rating (halves rounded); read out as 'Rated 4.8 out of 5'. */
export function StarRating({
  value,
  className,
  size = 'size-4',
}: {
  value: number;
  className?: string;
  size?: string;
}) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span
      role="img"
      aria-label={`Rated ${value.toFixed(1)} out of 5`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? 'full' : rounded >= n - 0.5 ? 'half' : 'none';
        return (
          <span key={n} className={cn('relative inline-block', size)} aria-hidden="true">
            <Star className={cn('absolute inset-0 text-accent-hover', size)} />
            {fill !== 'none' ? (
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: fill === 'half' ? '50%' : '100%' }}
              >
                <Star className={cn('fill-accent text-accent-hover', size)} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
