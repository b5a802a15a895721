import type { TutorialKind } from './steps';

/** Where the browser remembers that the tutorial was seen (docs/product.md#records 'browser-stored onboarding record'). */
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
 * True when someone signed up in this browser and has not seen the tutorial yet (the record is written
 * at signup with hasSeenTutorial false). A visitor with no record is never shown it by itself: the
 * header's Tutorial button is there for them.
 */
export function isTutorialDue(): boolean {
  const record = readOnboardingRecord();
  return record !== null && !record.hasSeenTutorial && record.isFirstVisit;
}

/**
 * At signup: the tutorial is due, for this kind of account, on the new user's dashboard, unless this
 * browser has already seen it (shown once).
 */
export function markTutorialDue(userType: TutorialKind): void {
  if (readOnboardingRecord()?.hasSeenTutorial) return;
  const record: OnboardingRecord = { hasSeenTutorial: false, userType, isFirstVisit: true };
  try {
    window.localStorage.setItem(ONBOARDING_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked: the tutorial is simply not shown by itself (the Tutorial button still works).
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
