import { HeartHandshake } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Link } from '../../lib/router';

export function Logo({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight',
        tone === 'light' ? 'text-primary' : 'text-white',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-9 items-center justify-center rounded-lg bg-primary text-accent"
      >
        <HeartHandshake className="size-5" />
      </span>
      YaadCare
    </Link>
  );
}
