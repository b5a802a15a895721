import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn';

/** 1–5 stars as a radio group (keyboard: arrows move, space picks). */
export function StarPicker({
  value,
  onChange,
  legend = 'Rating',
}: {
  value: number;
  onChange: (v: number) => void;
  legend?: string;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-8',
                n <= value ? 'fill-accent text-accent-foreground' : 'text-muted-foreground',
              )}
            />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
