import { useEffect, useState } from 'react';
import { useRenderedAt } from '../../app/render-context';

/**
 * The current time, refreshed every minute, so time-dependent badges stay right on an open page. A page
 * rendered on the server starts at the server's instant (so hydration matches) and moves to the browser's
 * clock at once.
 */
export function useNow(intervalMs = 60_000): Date {
  const renderedAt = useRenderedAt();
  const [now, setNow] = useState(() => new Date(renderedAt ?? Date.now()));
  useEffect(() => {
    if (renderedAt !== undefined) setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, renderedAt]);
  return now;
}
