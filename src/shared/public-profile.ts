// A caregiver's public profile: who may see it, and how public pages show a last name. Read by the
// directory, reviews, favourites, backups and the dashboards.

export const CAREGIVER_NOT_FOUND = 'Caregiver not found';

/** First letter only, as public pages show last names ('Shanique W.'). */
export const initial = (name: string) => (Array.from(name.trim())[0] ?? '').toUpperCase();

/**
 * Who may see a caregiver's profile (and its reviews): anyone while it is public (active, owner not
 * suspended; the 'available for bookings' switch only hides it from search), else its owner and admins.
 */
export function mayViewProfile(
  caregiver: { isPublic: boolean; userId: number },
  viewer: { id: number; userType: string } | null,
): boolean {
  return caregiver.isPublic || viewer?.id === caregiver.userId || viewer?.userType === 'admin';
}
