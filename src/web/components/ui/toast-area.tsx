import { onDemand, useOnDemand } from '../../lib/on-demand';
import { useToast } from './use-toast';

/** The Radix toast area's code (about 9 KB gzip): not on the first screen, loaded with the first toast. */
export const toasterCode = onDemand(() => import('./toast').then((m) => m.Toaster));

/**
 * Where toasts appear (docs/decisions/0023-home-page-javascript-budget.md): the Radix Toaster, mounted once
 * the first toast is raised (a toast raised before its code has arrived shows when it arrives) and kept
 * from then on.
 */
export function ToastArea() {
  const { toasts } = useToast();
  const Toaster = useOnDemand(toasterCode, toasts.length > 0);
  return Toaster ? <Toaster /> : null;
}
