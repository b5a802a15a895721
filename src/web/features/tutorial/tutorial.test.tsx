// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MobileMenu, mobileMenuCode } from '../../app/layouts/mobile-menu';
import { SiteHeader } from '../../app/layouts/site-header';
import { makeUser, renderRoute, stubFetch } from '../../test/render';
import { FIRST_VISIT_DELAY_MS, TutorialHost, tutorialDialogCode } from './components/tutorial-host';
import { markTutorialDue, ONBOARDING_KEY } from './onboarding-record';
import { TUTORIAL_STEPS } from './steps';
import { closeTutorial, openTutorial } from './store';

const record = () => JSON.parse(localStorage.getItem(ONBOARDING_KEY) ?? 'null');
const dialog = () => screen.queryByRole('dialog');
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

// The dialogs' code loads on demand (ADR 0023); loaded up front here, the tests can step through them
// synchronously with fake timers. tutorial-host's own loading is tested in lib/on-demand.test.tsx.
beforeAll(async () => {
  await Promise.all([tutorialDialogCode.load(), mobileMenuCode.load()]);
});

beforeEach(() => {
  // No onboarding record (the shared set-up writes one for every other test).
  localStorage.clear();
  stubFetch();
});

afterEach(() => {
  act(() => closeTutorial());
  vi.useRealTimers();
});

describe('tutorial steps', () => {
  it.each(['family', 'caregiver'] as const)(
    '%s: 6 steps, each with a title, text and action label',
    (kind) => {
      const steps = TUTORIAL_STEPS[kind];
      expect(steps).toHaveLength(6);
      for (const step of steps) {
        expect(step.title.trim()).not.toBe('');
        expect(step.text.length).toBeGreaterThan(40);
        expect(step.action.label.trim()).not.toBe('');
        expect(step.action.to).toMatch(/^\//);
      }
      expect(new Set(steps.map((s) => s.id)).size).toBe(6);
    },
  );

  it('covers the spec topics in order', () => {
    expect(TUTORIAL_STEPS.family.map((s) => s.id)).toEqual([
      'welcome',
      'search',
      'browse-profiles',
      'reviews',
      'contact-and-book',
      'done',
    ]);
    expect(TUTORIAL_STEPS.caregiver.map((s) => s.id)).toEqual([
      'welcome',
      'complete-profile',
      'set-rates',
      'availability',
      'get-verified',
      'start-connecting',
    ]);
  });
});

describe('after signup, on the dashboard', () => {
  const family = makeUser({ userType: 'family' });

  it('opens 2000 ms into the first dashboard visit after signup, not before', () => {
    markTutorialDue('family');
    vi.useFakeTimers();
    renderRoute(<TutorialHost />, { path: '/dashboard', user: family });
    expect(FIRST_VISIT_DELAY_MS).toBe(2000);
    act(() => vi.advanceTimersByTime(1999));
    expect(dialog()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Welcome to YaadCare' })).toBeVisible();
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
    // Focus starts on Next, inside the dialog.
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    click('Skip Tutorial');
    expect(record()).toEqual({ hasSeenTutorial: true, userType: 'family', isFirstVisit: false });
  });

  it.each(['/', '/login', '/signup', '/search', '/how-it-works'])(
    'never opens by itself for a new visitor on %s',
    (path) => {
      vi.useFakeTimers();
      renderRoute(<TutorialHost />, { path, user: null });
      act(() => vi.advanceTimersByTime(10_000));
      expect(dialog()).toBeNull();
    },
  );

  it('never opens over a form: not on /caregiver-onboarding or /login, and it waits for the dashboard', () => {
    markTutorialDue('caregiver');
    vi.useFakeTimers();
    for (const path of ['/caregiver-onboarding', '/login', '/signup', '/profile']) {
      const { unmount } = renderRoute(<TutorialHost />, {
        path,
        user: makeUser({ userType: 'caregiver' }),
      });
      act(() => vi.advanceTimersByTime(10_000));
      expect(dialog(), path).toBeNull();
      unmount();
    }
    // Still due: the dashboard shows it, once.
    expect(record()).toMatchObject({ hasSeenTutorial: false, userType: 'caregiver' });
  });

  it('does not open over a form someone is typing in on the dashboard', () => {
    markTutorialDue('family');
    vi.useFakeTimers();
    renderRoute(
      <form aria-label="Review">
        <textarea aria-label="Comment" />
        <TutorialHost />
      </form>,
      { path: '/dashboard', user: family },
    );
    screen.getByLabelText('Comment').focus();
    act(() => vi.advanceTimersByTime(10_000));
    expect(dialog()).toBeNull();
    expect(record()).toMatchObject({ hasSeenTutorial: false });
  });

  it('does not open once seen, even after a later signup in the same browser', () => {
    localStorage.setItem(
      ONBOARDING_KEY,
      JSON.stringify({ hasSeenTutorial: true, userType: 'family', isFirstVisit: false }),
    );
    markTutorialDue('family');
    vi.useFakeTimers();
    renderRoute(<TutorialHost />, { path: '/dashboard', user: family });
    act(() => vi.advanceTimersByTime(10_000));
    expect(dialog()).toBeNull();
  });

  it('does not open when the page goes within 2 s', () => {
    markTutorialDue('family');
    vi.useFakeTimers();
    const { unmount } = renderRoute(<TutorialHost />, { path: '/dashboard', user: family });
    act(() => vi.advanceTimersByTime(1500));
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(dialog()).toBeNull();
  });

  it('gives a new caregiver the caregiver tutorial on their dashboard and remembers it', () => {
    markTutorialDue('caregiver');
    vi.useFakeTimers();
    renderRoute(<TutorialHost />, { path: '/dashboard', user: makeUser({ userType: 'caregiver' }) });
    act(() => vi.advanceTimersByTime(FIRST_VISIT_DELAY_MS));
    expect(screen.getByRole('dialog', { name: 'Welcome, caregiver!' })).toBeVisible();
    click('Skip Tutorial');
    expect(record()).toEqual({ hasSeenTutorial: true, userType: 'caregiver', isFirstVisit: false });
  });
});

describe('walking through', () => {
  it('Next and Back move one step (never below the first), the last step finishes and navigates', async () => {
    renderRoute(<TutorialHost />, { user: null });
    act(() => openTutorial());
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close tutorial' })).toBeInTheDocument();

    click('Next');
    expect(screen.getByRole('dialog', { name: 'Search for care near you' })).toBeVisible();
    expect(screen.getByText('Step 2 of 6')).toBeInTheDocument();
    expect(back).toBeEnabled();
    click('Back');
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
    expect(back).toBeDisabled();
    // The keyboard user is not stranded on a disabled button.
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();

    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      seen.push(screen.getByRole('dialog').textContent ?? '');
      click('Next');
    }
    expect(seen.map((text) => /Step (\d) of 6/.exec(text)?.[1])).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByText('Step 6 of 6')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "You're all set!" })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(record()).toBeNull();

    click('Find care now');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search'));
    expect(dialog()).toBeNull();
    expect(record()).toEqual({ hasSeenTutorial: true, userType: 'family', isFirstVisit: false });
  });

  it('shows the dots and each step text and action link', () => {
    renderRoute(<TutorialHost />, { user: null });
    act(() => openTutorial('family'));
    const d = screen.getByRole('dialog');
    expect(d.querySelectorAll('ol[aria-hidden="true"] li')).toHaveLength(6);
    expect(screen.getByText(/This short tour shows you how it works/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read how it works' })).toHaveAttribute('href', '/how-it-works');
  });

  it.each([
    ['Skip Tutorial', () => click('Skip Tutorial')],
    ['the close button', () => click('Close tutorial')],
    ['Escape', () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })],
  ])('%s ends it and saves the record', (_name, end) => {
    renderRoute(<TutorialHost />, { user: null });
    act(() => openTutorial());
    click('Next');
    end();
    expect(dialog()).toBeNull();
    expect(record()).toEqual({ hasSeenTutorial: true, userType: 'family', isFirstVisit: false });
  });

  it('an action link ends the tour and goes to its page', async () => {
    renderRoute(<TutorialHost />, { user: null });
    act(() => openTutorial('caregiver'));
    click('Next');
    fireEvent.click(screen.getByRole('link', { name: 'Complete my profile' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/caregiver-onboarding'));
    expect(record()).toMatchObject({ hasSeenTutorial: true, userType: 'caregiver' });
  });

  it('opens the asked-for tutorial whoever is signed in, and starts again at step 1', () => {
    renderRoute(<TutorialHost />, { user: makeUser({ userType: 'caregiver' }) });
    act(() => openTutorial());
    expect(screen.getByRole('dialog', { name: 'Welcome, caregiver!' })).toBeVisible();
    click('Next');
    expect(screen.getByRole('dialog', { name: 'Complete your profile' })).toBeVisible();
    click('Close tutorial');
    act(() => openTutorial('family'));
    expect(screen.getByRole('dialog', { name: 'Welcome to YaadCare' })).toBeVisible();
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
  });
});

describe('reopening', () => {
  it("the header's Tutorial button reopens it after it was seen, and focus returns to the button", async () => {
    markTutorialDue('family');
    vi.useFakeTimers();
    renderRoute(
      <>
        <SiteHeader />
        <TutorialHost />
      </>,
      { path: '/dashboard', user: makeUser({ userType: 'family' }) },
    );
    act(() => vi.advanceTimersByTime(FIRST_VISIT_DELAY_MS));
    click('Skip Tutorial');
    expect(record()).toMatchObject({ hasSeenTutorial: true });
    act(() => vi.advanceTimersByTime(10_000));
    expect(dialog()).toBeNull();
    vi.useRealTimers();

    const button = screen.getByRole('button', { name: 'Tutorial' });
    button.focus();
    fireEvent.click(button);
    expect(screen.getByRole('dialog', { name: 'Welcome to YaadCare' })).toBeVisible();
    click('Close tutorial');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('a visitor who last saw the caregiver tutorial gets it again from the header', () => {
    localStorage.setItem(
      ONBOARDING_KEY,
      JSON.stringify({ hasSeenTutorial: true, userType: 'caregiver', isFirstVisit: false }),
    );
    renderRoute(
      <>
        <SiteHeader />
        <TutorialHost />
      </>,
      { user: null },
    );
    click('Tutorial');
    expect(screen.getByRole('dialog', { name: 'Welcome, caregiver!' })).toBeVisible();
  });

  it('the mobile menu has a Tutorial item that closes the menu and opens the tutorial', async () => {
    renderRoute(
      <>
        <MobileMenu user={null} />
        <TutorialHost />
      </>,
      { user: null },
    );
    click('Open menu');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    click('Tutorial');
    expect(await screen.findByRole('dialog', { name: 'Welcome to YaadCare' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    click('Close tutorial');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
  });
});
