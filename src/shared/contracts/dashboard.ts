import { FavouriteCaregiver } from './favourites';
import { z } from './zod';

export const BADGE_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;

const BadgeInfo = z.object({
  icon: z.string(),
  name: z.string(),
  description: z.string(),
  rarity: z.enum(BADGE_RARITIES),
  points: z.number().int(),
});

/** docs/product.md#records earned badge. */
export const EarnedBadge = z.object({
  id: z.number().int(),
  badgeId: z.number().int(),
  earnedAt: z.string(),
  badge: BadgeInfo,
});
export type EarnedBadge = z.infer<typeof EarnedBadge>;

/** docs/product.md#records achievement or available badge, plus real progress (0–100). */
export const Achievement = BadgeInfo.extend({
  id: z.number().int(),
  category: z.string(),
  progress: z.number().int().min(0).max(100),
});
export type Achievement = z.infer<typeof Achievement>;

/** docs/product.md#records caregiver_stats as the dashboard shows them, plus the two figures the spec derives. */
export const DashboardStats = z.object({
  totalEarnings: z.string(),
  totalHours: z.number().int(),
  totalBookings: z.number().int(),
  completedBookings: z.number().int(),
  profileViews: z.number().int(),
  favoriteCount: z.number().int(),
  badgePoints: z.number().int(),
  /** Median minutes to answer (last 90 days); 0 with no answers (see responseSamples). */
  responseTime: z.number().int(),
  responseSamples: z.number().int(),
  /** The running streak: 0 when the last active day is before yesterday (Jamaica). */
  streakDays: z.number().int(),
  longestStreak: z.number().int(),
  lastActiveDate: z.string().nullable(),
  /**
   * completed / (completed + accepted bookings the caregiver cancelled) × 100, one decimal: of the
   * accepted bookings that reached an end, the share completed (pending, upcoming, declined and
   * family-cancelled bookings are not counted).
   */
  completionRate: z.number(),
  /** How many accepted bookings reached an end (the rate's denominator): 0 reads "New", not "0.0%". */
  endedBookings: z.number().int().optional(),
  /** earnings / hours, rounded (JMD). */
  averagePerHour: z.number().int(),
  pendingBookings: z.number().int(),
  upcomingBookings: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

/** docs/product.md#records recentBookings item. */
export const RecentBooking = z.object({
  id: z.number().int(),
  status: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  family: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    location: z.string().nullable(),
    /** Only once the booking is confirmed. */
    phone: z.string().nullable(),
  }),
  /** The booking's total the family pays, platform fee included (numeric string, JMD; the spec's field). */
  rate: z.string(),
  hourlyRate: z.string(),
  /** What the caregiver earns: the subtotal (rate × hours) that the ledger pays out, without the fee. */
  earnings: z.string(),
  /** The platform fee the family pays on top of the subtotal (kept by YaadCare, never taken from earnings). */
  platformFee: z.string(),
  totalHours: z.number().int(),
  notes: z.string().nullable(),
  type: z.string().nullable(),
  /** The caregiver may still rate the family privately (completed, within 14 days, not yet rated). */
  canRateFamily: z.boolean(),
});
export type RecentBooking = z.infer<typeof RecentBooking>;

export const RecentActivity = z.object({
  kind: z.enum(['badge', 'review', 'booking']),
  text: z.string(),
  at: z.string(),
});

export const CaregiverDashboardResponse = z.object({
  caregiver: z.object({
    id: z.number().int(),
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    location: z.string().nullable(),
    isVerified: z.boolean(),
    isActive: z.boolean(),
    isAvailable: z.boolean(),
    hourlyRate: z.string(),
    averageRating: z.string(),
    totalReviews: z.number().int(),
    kinds: z.array(z.string()),
  }),
  stats: DashboardStats,
  /** Earned badges, newest first. */
  badges: z.array(EarnedBadge),
  recentBookings: z.array(RecentBooking),
  /** Available (not yet earned) badges with progress, closest first: at most 6. */
  achievements: z.array(Achievement),
  /** Every available badge (the badges tab). */
  availableBadges: z.array(Achievement),
  /** The 2 closest achievements. */
  nextAchievements: z.array(Achievement),
  /** The 3 latest things that happened. */
  recentActivity: z.array(RecentActivity),
});
export type CaregiverDashboardResponse = z.infer<typeof CaregiverDashboardResponse>;

export const FamilyBookingItem = z.object({
  id: z.number().int(),
  status: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  totalCost: z.string(),
  caregiver: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
  review: z
    .object({ rating: z.number().int(), status: z.enum(['pending', 'published', 'hidden']) })
    .nullable(),
  /** 'Leave a review' shows: completed, within 14 days, not reviewed yet. */
  canReview: z.boolean(),
  reviewDeadline: z.string().nullable(),
});
export type FamilyBookingItem = z.infer<typeof FamilyBookingItem>;

export const FamilyDashboardResponse = z.object({
  upcomingBookings: z.array(FamilyBookingItem),
  pastBookings: z.array(FamilyBookingItem),
  counts: z.object({ upcoming: z.number().int(), pending: z.number().int(), completed: z.number().int() }),
  spending: z.object({ thisMonth: z.string(), total: z.string() }),
  unreadMessages: z.number().int(),
  profile: z.object({
    completeness: z.number().int(),
    missing: z.array(z.object({ field: z.string(), label: z.string(), href: z.string() })),
  }),
  favourites: z.array(FavouriteCaregiver),
  careCategories: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      href: z.string(),
      count: z.number().int(),
      limited: z.boolean(),
    }),
  ),
  /** The family signed in before this session ('Welcome back'); false on the first visit after signup. */
  signedInBefore: z.boolean().optional(),
});
export type FamilyDashboardResponse = z.infer<typeof FamilyDashboardResponse>;
