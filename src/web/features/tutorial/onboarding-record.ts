import type { TutorialKind } from './steps';

/** Where the browser remembers that the tutorial was seen (spec §3 'browser-stored onboarding record'). */
export const ONBOARDING_KEY = 'yaadcare_onboarding';

export interface OnboardingRecord {
  hasSeenTutorial: boolean;
  userType: TutorialKind;
  isFirstVisit: boolean;
}

/** The saved record, or null when there is none (or it is not ours: anything unreadable counts as none). */
export function readOnboardingRecord(): OnboardingRecord | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(ONBOARDING_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OnboardingRecord> | null;
    if (!value || typeof value !== 'object') return null;
    return {
      hasSeenTutorial: value.hasSeenTutorial === true,
      userType: value.userType === 'caregiver' ? 'caregiver' : 'family',
      isFirstVisit: value.isFirstVisit === true,
    };
  } catch {
    return null;
  }
}

/**
 * True when this browser is on its first visit: storage works and holds no record. When storage is blocked
 * (some private modes) nothing can be remembered, so the tutorial is not pushed on every page load.
 */
export function isFirstVisit(): boolean {
  try {
    return window.localStorage.getItem(ONBOARDING_KEY) === null;
  } catch {
    return false;
  }
}

/** Remembers that the tutorial was finished, skipped or closed, and which one it was. */
export function saveOnboardingRecord(userType: TutorialKind): void {
  const record: OnboardingRecord = { hasSeenTutorial: true, userType, isFirstVisit: false };
  try {
    window.localStorage.setItem(ONBOARDING_KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the tutorial may show again on a later first visit, which is harmless.
  }
}
