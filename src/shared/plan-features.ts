/**
 * What a paid plan can unlock, named once so the server's gates, the plan catalogue and the features
 * that ask ("may this family use X?") agree. The catalogue that maps plans to these lives with the plans
 * feature; a feature that is gated depends only on this contract (a FeatureGate is injected).
 */
export const PLAN_FEATURES = [
  'favourites_rebook',
  'sms_reminders',
  'priority_support',
  'team_shortlist',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** Answers whether a user's current plan unlocks a feature. */
export interface FeatureGate {
  allows(userId: string, feature: PlanFeature): Promise<boolean>;
}
