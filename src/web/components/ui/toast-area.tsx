import { useEffect } from 'react';
import { onDemand, preloadWhenIdle, useOnDemand } from '../../lib/on-demand';
import { useToast } from './use-toast';

/**
 * The Radix toast area's code (about 9 KB gzip): not on the first screen, loaded with the first toast. Its
 * modules are evaluated in one task and the area is drawn in the next: together they were one task of ~70 ms
 * on a throttled phone, long enough to block input right after the page came.
 */
export const toasterCode = onDemand(() =>
  import('./toast').then(
    (m) => new Promise<typeof m.Toaster>((resolve) => setTimeout(() => resolve(m.Toaster), 0)),
  ),
);

/**
 * Where toasts appear (docs/decisions/0023-home-page-javascript-budget.md): the Radix Toaster, loaded when
 * the browser is idle after the page has come, or at once by the first toast (a toast raised before its
 * code has arrived shows when it arrives), and kept from then on.
 */
export function ToastArea() {
  const { toasts } = useToast();
  useEffect(() => preloadWhenIdle(toasterCode), []);
  const Toaster = useOnDemand(toasterCode, toasts.length > 0);
  return Toaster ? <Toaster /> : null;
}
