import { GraduationCap, LogOut } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button';
import { useCurrentUser } from '../../features/auth/api';
import { LOGOUT_URL, useSignOut } from '../../features/auth/use-sign-out';
import { openTutorial } from '../../features/tutorial/store';
import { cn } from '../../lib/cn';
import { Link } from '../../lib/router';
import { DemoBanner } from './demo-banner';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavList } from './nav-list';
import { HeaderAvatar, NotificationBell, RealtimeConnection } from './signed-in-extras';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex items-center whitespace-nowrap rounded-md px-2 py-2 text-sm font-semibold transition-colors xl:px-1.5 2xl:px-3',
    isActive ? 'bg-primary-soft text-primary-deep' : 'text-foreground hover:bg-muted',
  );

export function SiteHeader() {
  const { data: user, isPending } = useCurrentUser();
  const signOut = useSignOut();

  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-border bg-surface/95 backdrop-blur">
      <DemoBanner />
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
        <Logo />

        {isPending ? null : (
          <>
            <nav aria-label="Main" className="hidden xl:block">
              <NavList user={user} listClassName="flex items-center 2xl:gap-1" linkClassName={linkClasses} />
            </nav>

            <div className="flex items-center gap-2">
              {/* On phones the Tutorial is in the slide-out menu. */}
              <span className="hidden sm:contents">
                <Button variant="ghost" size="sm" onClick={() => openTutorial()}>
                  <GraduationCap aria-hidden="true" className="size-4" />
                  {/* Between 1280 and 1536 px the nine links of a signed-in menu need the room: icon only, links closer,
                      a long first name cut shorter. */}
                  <span className="xl:sr-only 2xl:not-sr-only">Tutorial</span>
                </Button>
              </span>
              {user ? (
                <>
                  <RealtimeConnection />
                  <NotificationBell />
                  <span className="flex items-center gap-2">
                    <HeaderAvatar user={user} />
                    <span className="hidden max-w-[10rem] truncate text-sm font-semibold sm:inline xl:max-w-[6rem] 2xl:max-w-[10rem]">
                      {user.firstName}
                    </span>
                  </span>
                  <span className="hidden xl:contents">
                    <a
                      href={LOGOUT_URL}
                      className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                      onClick={(event) => {
                        event.preventDefault();
                        void signOut();
                      }}
                    >
                      <LogOut aria-hidden="true" className="size-4" />
                      <span className="xl:sr-only 2xl:not-sr-only">Log Out</span>
                    </a>
                  </span>
                </>
              ) : (
                <>
                  <span className="hidden sm:contents">
                    <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                      Log In
                    </Link>
                  </span>
                  <Link to="/signup" className={buttonClasses({ variant: 'accent', size: 'sm' })}>
                    Sign Up
                  </Link>
                </>
              )}
              <MobileMenu user={user ?? null} />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
