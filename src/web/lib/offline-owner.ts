/**
 * Which account's visits are kept on this phone for the offline page (src/web/features/visits/
 * offline-schedule.ts): a cheap check every page can make without opening IndexedDB.
 */
export const OFFLINE_OWNER_KEY = 'yaadcare_offline_owner';

export function offlineOwner(): number | null {
  try {
    const value = Number(localStorage.getItem(OFFLINE_OWNER_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Whether what is kept belongs to someone else than the account signed in now (or nobody is). */
export function keptForSomeoneElse(user: { id: number; userType: string } | null): boolean {
  const owner = offlineOwner();
  return owner !== null && (user?.userType !== 'caregiver' || user.id !== owner);
}
