import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False in the server's HTML and while the browser hydrates it, true from then on (and from the start for
 * what the browser renders itself). A form in a part of a page that hydrates from a chunk of its own
 * (ADR 0023) stays inert until then: sent before its code has arrived, it would go out as a plain GET with
 * its fields in the address (boot.js holds forms only until the page itself is live).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
