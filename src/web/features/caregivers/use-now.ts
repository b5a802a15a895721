import { useEffect, useRef, useState } from 'react';
import { useHydrationInstant } from '../../lib/render-context';

/**
 * The current time, refreshed every minute, so time-dependent badges stay right on an open page. While a
 * server-rendered page hydrates it starts at the server's instant (so hydration matches), then moves to
 * the browser's clock at once.
 */
export function useNow(intervalMs = 60_000): Date {
  const renderedAt = useHydrationInstant();
  const [now, setNow] = useState(() => new Date(renderedAt ?? Date.now()));
  const fromServer = useRef(renderedAt !== undefined);
  useEffect(() => {
    if (fromServer.current) {
      fromServer.current = false;
      setNow(new Date());
    }
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
