import { GraduationCap, LogOut, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import { UserAvatar } from '../../components/user-avatar';
import type { PublicUser } from '../../features/auth/api';
import { LOGOUT_URL, useSignOut } from '../../features/auth/use-sign-out';
import { openTutorial } from '../../features/tutorial/store';
import { cn } from '../../lib/cn';
import type { OnDemandDialogProps } from '../../lib/on-demand';
import { NavLink } from '../../lib/router';
import { NavList } from './nav-list';

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-12 items-center rounded-lg px-3 text-base font-medium',
    isActive ? 'bg-primary-soft text-primary-deep' : 'text-foreground hover:bg-muted',
  );

/** What a visitor gets at the bottom of the menu instead of Log Out. */
const VISITOR_BUTTONS = [
  { to: '/login', label: 'Log In', variant: 'outline' },
  { to: '/signup', label: 'Sign Up', variant: 'accent' },
] as const;

/**
 * The slide-out menu for small screens: a Radix Dialog shaped as a sheet from the right (80%, at most 20rem).
 * Loaded when first opened (mobile-menu.tsx holds its button); focus goes back to that button on close.
 */
export function MobileMenuSheet({
  user,
  open,
  onOpenChange,
  triggerRef,
}: OnDemandDialogProps & { user: PublicUser | null }) {
  const navigating = useRef(false);
  const tutorialAsked = useRef(false);
  const signOut = useSignOut();

  const close = () => {
    // Leaving the page: focus goes to the new page's content, not back to the menu button.
    navigating.current = true;
    onOpenChange(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        navigating.current = false;
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // No Dialog.Trigger (the button is rendered before this code loads): focus goes back by hand.
            event.preventDefault();
            if (!navigating.current) triggerRef.current?.focus();
            if (tutorialAsked.current) {
              tutorialAsked.current = false;
              // Once focus is back on the menu button, so the tutorial returns it there when it closes.
              setTimeout(() => openTutorial(), 0);
            }
          }}
          className="sheet-content fixed inset-y-0 right-0 z-50 flex w-4/5 max-w-xs flex-col gap-4 overflow-y-auto bg-surface p-5 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>

          {user ? (
            <div className="flex items-center gap-3 rounded-lg bg-muted p-3">
              <UserAvatar user={user} />
              <p className="text-sm">
                <span className="block text-muted-foreground">Signed in as</span>
                <span className="font-semibold">
                  {user.firstName} {user.lastName}
                </span>
              </p>
            </div>
          ) : null}

          <nav aria-label="Menu">
            <NavList user={user} listClassName="space-y-1" linkClassName={itemClasses} onNavigate={close} />
          </nav>

          <button
            type="button"
            className={cn(itemClasses({ isActive: false }), 'w-full gap-2 text-left')}
            onClick={() => {
              navigating.current = false;
              tutorialAsked.current = true;
              onOpenChange(false);
            }}
          >
            <GraduationCap aria-hidden="true" className="size-5 text-primary" />
            Tutorial
          </button>

          <div className="mt-auto space-y-2 border-t border-border pt-4">
            {user ? (
              <a
                href={LOGOUT_URL}
                className={buttonClasses({ variant: 'outline', className: 'w-full' })}
                onClick={(event) => {
                  event.preventDefault();
                  close();
                  void signOut();
                }}
              >
                <LogOut aria-hidden="true" className="size-5" />
                Log Out
              </a>
            ) : (
              VISITOR_BUTTONS.map(({ to, label, variant }) => (
                <NavLink
                  key={to}
                  to={to}
                  className={buttonClasses({ variant, className: 'w-full' })}
                  onClick={close}
                >
                  {label}
                </NavLink>
              ))
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
