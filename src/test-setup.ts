import { beforeEach } from 'vitest';

// Shared test set-up: every test runs in Jamaica's time zone, as the product reasons about time there.
process.env.TZ = 'America/Jamaica';

// Component tests start as returning visitors: on a first visit the guided tutorial opens itself after 2 s
// and would cover the screen under test. The tutorial's own tests clear this to test the first visit.
if (typeof window !== 'undefined' && window.localStorage) {
  beforeEach(() => {
    window.localStorage.setItem(
      'yaadcare_onboarding',
      JSON.stringify({ hasSeenTutorial: true, userType: 'family', isFirstVisit: false }),
    );
  });
}
