import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../../features/auth/api';
import { useFinishSignOut } from '../../features/auth/use-sign-out';
import { TutorialHost } from '../../features/tutorial/components/tutorial-host';
import { keptForSomeoneElse } from '../../lib/offline-owner';
import { useLocation } from '../../lib/router';
import { PageLoadBoundary } from './page-load-boundary';
import { SiteHeader } from './site-header';

/** Parish emergency notices (ADR 0030): their own small chunk, rendered once the page is live. */
const EmergencyBanner = lazy(() =>
  import('../../features/emergencies/components/emergency-banner').then((m) => ({
    default: m.EmergencyBanner,
  })),
);

export const MAIN_ID = 'main-content';

/**
 * The footer is below the fold on every page: its own chunk, so the first screen hydrates without it; on a
 * server-rendered page its HTML (links working) is there until its code arrives (ADR 0023).
 */
const SiteFooter = lazy(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));

/** After a client-side navigation, start at the top and put focus on the new content (as a page load would). */
function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // Runs once per path change; the first render is a real page load.
    void pathname;
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * Marks the document once the page itself is live (its Suspense boundary hydrated or rendered): boot.js
 * lets forms submit from then on, and browser tests wait for it before they act.
 */
function PageIsLive() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return null;
}

/**
 * The visits kept on this phone for the offline page belong to one caregiver: once the app knows another
 * account, or nobody (after a sign-out), is signed in, they are removed (ADR 0029's amendment).
 */
function useOfflineDataOwner() {
  const { data: user } = useCurrentUser();
  useEffect(() => {
    if (user === undefined || !keptForSomeoneElse(user)) return;
    void import('../../features/visits/offline-schedule')
      .then((m) => (user?.userType === 'caregiver' ? m.claimOfflineData(user.id) : m.forgetOfflineData()))
      .catch(() => undefined);
  }, [user]);
}

export function RootLayout({ children }: { children: ReactNode }) {
  useFinishSignOut();
  useOfflineDataOwner();
  const { pathname } = useLocation();
  useFocusOnNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
      >
        Skip to content
      </a>
      <SiteHeader />
      <Suspense fallback={null}>
        <EmergencyBanner />
      </Suspense>
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A full-height fallback while a page's code loads: the footer stays below the fold instead of
            jumping down when the page arrives (layout shift). */}
        <Suspense
          fallback={
            <div className="min-h-screen">
              <Spinner />
            </div>
          }
        >
          <PageLoadBoundary resetKey={pathname}>{children}</PageLoadBoundary>
          <PageIsLive />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <TutorialHost />
    </div>
  );
}
