import type { Tx } from '../db/client';
import { badges } from '../db/schema';

export type BadgeRarity = 'common' | 'rare' | 'epic' | 'legendary';

export interface BadgeDefinition {
  name: string;
  description: string;
  /** A lucide-react icon name (kebab-case). */
  icon: string;
  category: 'bookings' | 'reviews' | 'hours' | 'trust' | 'service' | 'experience';
  /**
   * A machine-readable rule: one or more `metric>=n` / `metric<=n` clauses joined by ` && `.
   * Metrics are the keys of BadgeMetrics.
   */
  criteria: string;
  points: number;
  rarity: BadgeRarity;
}

/** What a caregiver's badge criteria are measured against. */
export interface BadgeMetrics {
  completed_bookings: number;
  total_bookings: number;
  total_hours: number;
  total_reviews: number;
  five_star_reviews: number;
  average_rating: number;
  experience_years: number;
  /** 1 when the caregiver's verification is approved. */
  verified: number;
  /** How many of First Aid Certified and CPR Certified the caregiver holds (0–2). */
  safety_certifications: number;
  /** Median minutes to answer a booking request or a family's first message (last 90 days). */
  response_time: number;
  /** How many answers response_time is the median of. */
  responses: number;
  longest_streak: number;
  /** 1 when bio, photo, location, rate, skills and availability are all filled in. */
  profile_complete: number;
}

export const BADGE_CATALOG: readonly BadgeDefinition[] = [
  {
    name: 'First Booking',
    description: 'Completed your first booking on YaadCare.',
    icon: 'calendar-check',
    category: 'bookings',
    criteria: 'completed_bookings>=1',
    points: 10,
    rarity: 'common',
  },
  {
    name: 'Getting Started',
    description: 'Completed 5 bookings with families.',
    icon: 'rocket',
    category: 'bookings',
    criteria: 'completed_bookings>=5',
    points: 25,
    rarity: 'common',
  },
  {
    name: 'Dedicated Carer',
    description: 'Completed 10 bookings with families.',
    icon: 'heart-handshake',
    category: 'bookings',
    criteria: 'completed_bookings>=10',
    points: 50,
    rarity: 'rare',
  },
  {
    name: 'Community Pillar',
    description: 'Completed 25 bookings — families across the parish know your name.',
    icon: 'landmark',
    category: 'bookings',
    criteria: 'completed_bookings>=25',
    points: 100,
    rarity: 'epic',
  },
  {
    name: 'Century of Care',
    description: 'Completed 100 bookings on YaadCare.',
    icon: 'crown',
    category: 'bookings',
    criteria: 'completed_bookings>=100',
    points: 250,
    rarity: 'legendary',
  },
  {
    name: 'First Review',
    description: 'Received your first review from a family.',
    icon: 'message-square-heart',
    category: 'reviews',
    criteria: 'total_reviews>=1',
    points: 10,
    rarity: 'common',
  },
  {
    name: 'Five-Star Favourite',
    description: 'Kept an average rating of 4.8 or higher over at least 5 reviews.',
    icon: 'star',
    category: 'reviews',
    criteria: 'average_rating>=4.8 && total_reviews>=5',
    points: 75,
    rarity: 'rare',
  },
  {
    name: 'Family Favourite',
    description: 'Received 10 five-star reviews.',
    icon: 'sparkles',
    category: 'reviews',
    criteria: 'five_star_reviews>=10',
    points: 120,
    rarity: 'epic',
  },
  {
    name: 'Hard Worker',
    description: 'Worked 20 hours of completed bookings.',
    icon: 'clock',
    category: 'hours',
    criteria: 'total_hours>=20',
    points: 15,
    rarity: 'common',
  },
  {
    name: 'Marathon Carer',
    description: 'Worked 100 hours of completed bookings.',
    icon: 'timer',
    category: 'hours',
    criteria: 'total_hours>=100',
    points: 60,
    rarity: 'rare',
  },
  {
    name: 'Verified Pro',
    description: 'Passed identity, address and background checks.',
    icon: 'shield-check',
    category: 'trust',
    criteria: 'verified>=1',
    points: 20,
    rarity: 'common',
  },
  {
    name: 'Safety First',
    description: 'Holds both First Aid and CPR certification.',
    icon: 'heart-pulse',
    category: 'trust',
    criteria: 'safety_certifications>=2',
    points: 40,
    rarity: 'rare',
  },
  {
    name: 'Quick Responder',
    description: 'Answers families within 30 minutes (median, last 90 days, at least 3 answers).',
    icon: 'zap',
    category: 'service',
    criteria: 'response_time<=30 && responses>=3',
    points: 40,
    rarity: 'rare',
  },
  {
    name: 'On a Roll',
    description: 'Stayed active on YaadCare 14 days in a row.',
    icon: 'flame',
    category: 'service',
    criteria: 'longest_streak>=14',
    points: 50,
    rarity: 'rare',
  },
  {
    name: 'Seasoned Veteran',
    description: 'Brings 10 or more years of caregiving experience.',
    icon: 'medal',
    category: 'experience',
    criteria: 'experience_years>=10',
    points: 80,
    rarity: 'epic',
  },
  {
    name: 'Island Legend',
    description: 'Completed 50 bookings with an average rating of 4.9 or higher.',
    icon: 'trophy',
    category: 'reviews',
    criteria: 'completed_bookings>=50 && average_rating>=4.9',
    points: 300,
    rarity: 'legendary',
  },
  {
    name: 'Profile Complete',
    description: 'Filled in bio, photo, location, rate, skills and availability.',
    icon: 'id-card',
    category: 'trust',
    criteria: 'profile_complete>=1',
    points: 10,
    rarity: 'common',
  },
  {
    name: 'Week Streak',
    description: 'Active on YaadCare 7 days in a row.',
    icon: 'calendar-days',
    category: 'service',
    criteria: 'longest_streak>=7',
    points: 15,
    rarity: 'common',
  },
  {
    name: 'Month Streak',
    description: 'Active on YaadCare 30 days in a row.',
    icon: 'calendar-heart',
    category: 'service',
    criteria: 'longest_streak>=30',
    points: 100,
    rarity: 'epic',
  },
  {
    name: 'Half Century',
    description: 'Completed 50 bookings on YaadCare.',
    icon: 'award',
    category: 'bookings',
    criteria: 'completed_bookings>=50',
    points: 150,
    rarity: 'epic',
  },
  {
    name: 'Perfect Five',
    description: 'A 5.0 average over at least 10 reviews.',
    icon: 'gem',
    category: 'reviews',
    criteria: 'average_rating>=5 && total_reviews>=10',
    points: 200,
    rarity: 'legendary',
  },
  {
    name: '500 Hours of Care',
    description: 'Worked 500 hours of completed bookings.',
    icon: 'hourglass',
    category: 'hours',
    criteria: 'total_hours>=500',
    points: 250,
    rarity: 'legendary',
  },
];

export interface BadgeClause {
  metric: keyof BadgeMetrics;
  op: '>=' | '<=';
  value: number;
}

const METRICS: readonly (keyof BadgeMetrics)[] = [
  'completed_bookings',
  'total_bookings',
  'total_hours',
  'total_reviews',
  'five_star_reviews',
  'average_rating',
  'experience_years',
  'verified',
  'safety_certifications',
  'response_time',
  'responses',
  'longest_streak',
  'profile_complete',
];

/** Parses `a>=1 && b<=30`; throws on anything else, so a typo in the catalog fails the tests. */
export function parseBadgeCriteria(criteria: string): BadgeClause[] {
  return criteria.split('&&').map((part) => {
    const m = /^\s*([a-z_]+)\s*(>=|<=)\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!m || !METRICS.includes(m[1] as keyof BadgeMetrics))
      throw new Error(`Bad badge criteria: ${criteria}`);
    return { metric: m[1] as keyof BadgeMetrics, op: m[2] as '>=' | '<=', value: Number(m[3]) };
  });
}

function clauseProgress(clause: BadgeClause, metrics: BadgeMetrics): number {
  const actual = metrics[clause.metric];
  if (clause.op === '>=') return clause.value <= 0 ? 1 : Math.min(1, Math.max(0, actual / clause.value));
  if (actual <= clause.value) return 1;
  return actual <= 0 ? 0 : Math.max(0, clause.value / actual);
}

/** 0–100: 100 exactly when every clause holds; otherwise the weakest clause's share, at most 99. */
export function badgeProgress(criteria: string, metrics: BadgeMetrics): number {
  const clauses = parseBadgeCriteria(criteria);
  const shares = clauses.map((c) => clauseProgress(c, metrics));
  if (shares.every((s) => s >= 1)) return 100;
  return Math.min(99, Math.floor(Math.min(...shares) * 100));
}

/** Adds the catalog's badges; ones already there (by name) are left as they are. */
export async function seedBadgeCatalog(db: Tx): Promise<number> {
  const inserted = await db
    .insert(badges)
    .values(BADGE_CATALOG.map((b) => ({ ...b })))
    .onConflictDoNothing({ target: badges.name })
    .returning({ id: badges.id });
  return inserted.length;
}
