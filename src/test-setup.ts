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

// findBy*/waitFor wait up to 5 s instead of Testing Library's 1 s: a component's first render in a file
// imports its lazy chunks, which on a busy 2-core machine (CI runs three test files at once) can take
// longer than a second. A test that waits for something that never comes still fails.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}
