import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CircleList } from '../../../shared/contracts/circles';
import type { z } from '../../../shared/contracts/zod';
import { apiGet } from '../../lib/api';

export type CircleSummary = z.infer<typeof CircleList>['circles'][number];

/**
 * GET /api/circles (mine, with my roles), as the bookings feature needs it: which circles the booking forms
 * offer, and what a circle booking's card may show. The circle pages have their own queries; this key sits
 * under ['circles'], so whatever they invalidate after a change (a role, a new circle) refreshes it too.
 */
const myCirclesQuery = queryOptions({
  queryKey: ['circles', 'mine', 'for-bookings'] as const,
  queryFn: ({ signal }) => apiGet<z.infer<typeof CircleList>>('/api/circles', signal),
  staleTime: 60_000,
});

const coordinated = (list: z.infer<typeof CircleList>) =>
  list.circles.filter((c) => c.myRoles.includes('coordinator'));
const rolesById = (list: z.infer<typeof CircleList>) => new Map(list.circles.map((c) => [c.id, c.myRoles]));

/**
 * The circles the signed-in family coordinates (a coordinator books for the recipient). Fetched only when
 * `enabled` (a signed-in family), after the form is on screen: nothing for visitors or caregivers.
 */
export function useBookableCircles(enabled: boolean) {
  return useQuery({ ...myCirclesQuery, select: coordinated, enabled });
}

/** My roles in each of my circles (none: a viewer), for what a circle booking's card may show. */
export function useMyCircleRoles(enabled: boolean) {
  return useQuery({ ...myCirclesQuery, select: rolesById, enabled });
}
