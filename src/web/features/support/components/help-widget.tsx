import { CircleHelp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { onDemand, useDialogOnDemand } from '../../../lib/on-demand';

/** The panel's code (Radix Dialog and the links) loads when it is first opened, or on hover or focus. */
export const helpPanelCode = onDemand(() => import('./help-panel').then((m) => m.HelpPanel));

/**
 * The floating help button of the home and search pages (docs/product.md#screens-and-routes): a round
 * button that opens a small panel with tutorials, support and e-mail (help-panel.tsx, loaded on demand:
 * docs/decisions/0023-home-page-javascript-budget.md).
 */
export function HelpWidget() {
  const { open, setOpen, triggerRef, triggerProps, Content: Panel } = useDialogOnDemand(helpPanelCode);
  return (
    <>
      <button
        type="button"
        aria-label="Help"
        {...triggerProps}
        className={cn(
          'fixed right-4 bottom-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg',
          'hover:bg-primary-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        <CircleHelp aria-hidden="true" className="size-7" />
      </button>
      {Panel ? <Panel open={open} onOpenChange={setOpen} triggerRef={triggerRef} /> : null}
    </>
  );
}
