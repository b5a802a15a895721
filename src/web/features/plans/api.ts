import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePlanRequest,
  PlanBillingHistory,
  SubscribeRequest,
  SubscriptionSummary,
  SubscriptionView,
} from '../../../shared/contracts/plans';
import type { PlanFeature } from '../../../shared/plan-features';
import { type PaidPlanId, PLANS, type Plan } from '../../../shared/pricing';
import { apiGet, apiPost } from '../../lib/api';
import { useCurrentUser } from '../auth/api';

export type { PlanBillingHistory, SubscriptionSummary, SubscriptionView };

export const planKeys = {
  all: ['plans'] as const,
  me: ['plans', 'me'] as const,
  summary: ['plans', 'admin-summary'] as const,
  charges: ['plans', 'me', 'charges'] as const,
};

/** The family's plan charges with their refunds (GET /api/subscriptions/me/charges, ADR 0054). */
export function usePlanCharges() {
  return useQuery({
    queryKey: planKeys.charges,
    queryFn: ({ signal }) => apiGet<PlanBillingHistory>('/api/subscriptions/me/charges', signal),
  });
}

/** The family's plan (GET /api/subscriptions/me). */
export const subscriptionQuery = queryOptions({
  queryKey: planKeys.me,
  queryFn: ({ signal }) => apiGet<SubscriptionView>('/api/subscriptions/me', signal),
});

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQuery, enabled });
}

function usePlanChange<V>(change: (v: V) => Promise<SubscriptionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (view) => queryClient.setQueryData(planKeys.me, view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export const useSubscribe = () =>
  usePlanChange((body: SubscribeRequest) => apiPost<SubscriptionView>('/api/subscriptions', body));
export const useCancelPlan = () =>
  usePlanChange((_: undefined) => apiPost<SubscriptionView>('/api/subscriptions/me/cancel', {}));
export const useChangePlan = () =>
  usePlanChange((body: ChangePlanRequest) => apiPost<SubscriptionView>('/api/subscriptions/me/plan', body));

export function useSubscriptionSummary() {
  return useQuery({
    queryKey: planKeys.summary,
    queryFn: ({ signal }) => apiGet<SubscriptionSummary>('/api/admin/subscriptions/summary', signal),
  });
}

/** The cheapest plan that unlocks a feature (where an upgrade prompt sends the family). */
export function cheapestPlanFor(feature: PlanFeature): Plan & { id: PaidPlanId } {
  const plan = PLANS.find((p) => p.unlocks.includes(feature));
  if (!plan || plan.id === 'basic') throw new Error(`No plan unlocks ${feature}`);
  return plan as Plan & { id: PaidPlanId };
}

/**
 * The signed-in user's plan for screens that show or offer a gated feature: `allows(feature)` answers as
 * the server's gate does (the server still decides). Visitors, caregivers and admins are on no paid plan.
 */
export function usePlan() {
  const user = useCurrentUser().data;
  const isFamily = user?.userType === 'family';
  const { data, isPending } = useSubscription(isFamily);
  return {
    isPending: isFamily && isPending,
    isFamily,
    subscription: data,
    plan: data?.plan ?? 'basic',
    allows: (feature: PlanFeature) => data?.unlocks.includes(feature) ?? false,
  };
}
