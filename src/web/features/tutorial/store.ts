import { useSyncExternalStore } from 'react';
import type { TutorialKind } from './steps';

export interface TutorialState {
  open: boolean;
  /** The tutorial asked for; undefined means 'the one that suits whoever is here' (decided on screen). */
  kind: TutorialKind | undefined;
  /** Counts openings, so each one starts again at step 1. */
  session: number;
}

let state: TutorialState = { open: false, kind: undefined, session: 0 };
/** What had focus when the tutorial opened: it gets focus back when the tutorial closes. */
let returnFocus: HTMLElement | null = null;
const listeners = new Set<() => void>();

function setState(next: TutorialState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Opens the guided tutorial from anywhere (the header's Tutorial button, the help widget). Without a kind,
 * signed-in caregivers get the caregiver tutorial and everyone else the family one.
 */
export function openTutorial(kind?: TutorialKind): void {
  if (!state.open) {
    const active = typeof document === 'undefined' ? null : document.activeElement;
    returnFocus = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  setState({ open: true, kind, session: state.session + 1 });
}

export function closeTutorial(): void {
  if (state.open) setState({ ...state, open: false });
}

/** The element to focus once the tutorial has closed (read once). */
export function takeReturnFocus(): HTMLElement | null {
  const el = returnFocus;
  returnFocus = null;
  return el;
}

export function getTutorialState(): TutorialState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTutorialState(): TutorialState {
  return useSyncExternalStore(subscribe, getTutorialState, getTutorialState);
}
