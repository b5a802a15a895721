import { useEffect, useRef } from 'react';
import { apiPost } from '../../lib/api';
import { useCurrentUser } from '../auth/api';

/**
 * Counts one view of a caregiver's profile (the server counts once per visitor per day). A module apart
 * from the favourites' queries and mutations, which the profile's first screen does not load (ADR 0023).
 */
export function useRecordProfileView(caregiverId: number) {
  // Wait for the session check so a signed-in visitor is counted as themselves, not as an anonymous one.
  const { isPending } = useCurrentUser();
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (isPending || sent.current === caregiverId) return;
    sent.current = caregiverId;
    apiPost(`/api/caregivers/${caregiverId}/views`).catch(() => {
      // A lost view count is not worth bothering anyone about.
    });
  }, [caregiverId, isPending]);
}
