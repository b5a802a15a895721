// wouter imports useSyncExternalStore from the use-sync-external-store shim, written for React 16 and 17;
// React 19 has it built in. vite.config.ts points the shim here (ADR 0023), which saves the first screen
// the shim's own copy.
export { useSyncExternalStore } from 'react';
