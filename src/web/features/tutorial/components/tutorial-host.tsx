import { useEffect } from 'react';
import { onDemand, useOnDemand } from '../../../lib/on-demand';
import { useLocation } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { isTutorialDue } from '../onboarding-record';
import { getTutorialState, openTutorial, useTutorialState } from '../store';

/** docs/product.md#constants-and-limits Interface timings: the tutorial appears 2000 ms into a first visit (here: of the dashboard). */
export const FIRST_VISIT_DELAY_MS = 2000;

/** The only pages the tutorial opens on by itself: the dashboards, which hold no form to fill in. */
const DASHBOARD_PATHS = new Set([
  '/dashboard',
  '/family-dashboard',
  '/caregiver-dashboard',
  '/caregiver-dashboard-enhanced',
]);

/** The dialog, its steps and their icons load when the tutorial first opens (ADR 0023). */
export const tutorialDialogCode = onDemand(() => import('./tutorial-dialog').then((m) => m.TutorialDialog));

/** Someone is filling in a form: the tutorial waits for another visit rather than cover it. */
function typingInAForm(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.closest('form') !== null;
}

/**
 * The guided tutorial (docs/product.md#screens-and-routes, #flows): one modal for the whole app, opened by `openTutorial()` or by itself
 * 2 s into the first dashboard visit after signup (issue 15: never over the form a visitor came for).
 */
export function TutorialHost({ firstVisitDelayMs = FIRST_VISIT_DELAY_MS }: { firstVisitDelayMs?: number }) {
  const { open } = useTutorialState();
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const Dialog = useOnDemand(tutorialDialogCode, open);

  const onDashboard = Boolean(user) && DASHBOARD_PATHS.has(pathname);
  useEffect(() => {
    // Once, after signup, on the dashboard: never on /login, /signup or any other page's form.
    if (!onDashboard || !isTutorialDue()) return;
    // 2 s after the dashboard came (usually a move within the app after signup, not a page load).
    const timer = setTimeout(() => {
      // Someone may have opened (or finished) it meanwhile, in this tab or another.
      if (isTutorialDue() && !getTutorialState().open && !typingInAForm()) openTutorial();
    }, firstVisitDelayMs);
    return () => clearTimeout(timer);
  }, [firstVisitDelayMs, onDashboard]);

  return Dialog ? <Dialog /> : null;
}
