import { Menu } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { PublicUser } from '../../features/auth/api';
import { onDemand, useDialogOnDemand } from '../../lib/on-demand';

/** The sheet's code (Radix Dialog and the menu) loads when the menu is first opened, or on hover or focus. */
export const mobileMenuCode = onDemand(() => import('./mobile-menu-sheet').then((m) => m.MobileMenuSheet));

/**
 * The slide-out menu for small screens: its button is on the first screen, the sheet itself is not
 * (docs/decisions/0023-home-page-javascript-budget.md).
 */
export function MobileMenu({ user }: { user: PublicUser | null }) {
  const { open, setOpen, triggerRef, triggerProps, Content: Sheet } = useDialogOnDemand(mobileMenuCode);
  return (
    <>
      <Button variant="ghost" size="icon" aria-label="Open menu" className="xl:hidden" {...triggerProps}>
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {Sheet ? <Sheet user={user} open={open} onOpenChange={setOpen} triggerRef={triggerRef} /> : null}
    </>
  );
}
