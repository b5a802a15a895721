import { eq, sql } from 'drizzle-orm';
import type { FamilyBookingItem, FamilyDashboardResponse } from '../../../shared/contracts/dashboard';
import { initial } from '../../../shared/public-profile';
import { REVIEW_WINDOW_MS, reviewStatus } from '../../../shared/review-window';
import { jamaicaToday } from '../../../shared/time';
import { COMPLETED_AT } from '../../core/completed-at';
import { ledger } from '../../core/ledger/service';
import type { Tx } from '../../db/client';
import { rows } from '../../db/raw-rows';
import { sessions, users } from '../../db/schema';
import type { SessionUser } from '../auth';
import { money } from './figures';
import type { DashboardDeps } from './ports';

/** The four care categories of docs/product.md#constants-and-limits, with real counts of listed caregivers. */
const CARE_CATEGORIES = [
  {
    key: 'child-care',
    label: 'Child Care',
    href: '/search?type=child-care',
    where: sql`'child-care' = any(kinds)`,
  },
  {
    key: 'senior-care',
    label: 'Senior Care',
    href: '/search?type=senior-care',
    where: sql`'senior-care' = any(kinds)`,
  },
  {
    key: 'special-needs',
    label: 'Special Needs',
    href: '/search?type=special-needs',
    where: sql`'special-needs' = any(kinds)`,
  },
  {
    key: 'overnight',
    label: 'Overnight Care',
    href: '/search?availability=Overnight',
    where: sql`'Overnight' = any(availability)`,
  },
] as const;
/** Fewer available caregivers than this shows as 'Limited'. */
export const LIMITED_BELOW = 10;

export async function careCategories(tx: Tx) {
  const [counts] = await rows<Record<string, number>>(
    tx,
    sql`select ${sql.join(
      CARE_CATEGORIES.map((c) => sql`(count(*) filter (where ${c.where}))::int as ${sql.identifier(c.key)}`),
      sql`, `,
    )} from caregivers where is_listed`,
  );
  return CARE_CATEGORIES.map((c) => ({
    key: c.key,
    label: c.label,
    href: c.href,
    count: counts[c.key] ?? 0,
    limited: (counts[c.key] ?? 0) < LIMITED_BELOW,
  }));
}

/** What a family has filled in, and links to the rest. */
export function profileCompleteness(u: {
  firstName: string;
  lastName: string;
  phone: string | null;
  location: string | null;
  profileImageUrl: string | null;
}) {
  const items = [
    { field: 'firstName', label: 'Add your first name', href: '/profile', done: u.firstName.trim() !== '' },
    { field: 'lastName', label: 'Add your last name', href: '/profile', done: u.lastName.trim() !== '' },
    { field: 'phone', label: 'Add your phone number', href: '/profile', done: !!u.phone },
    { field: 'location', label: 'Add your town', href: '/profile', done: !!u.location },
    { field: 'profileImageUrl', label: 'Add a profile photo', href: '/profile', done: !!u.profileImageUrl },
  ];
  const done = items.filter((i) => i.done).length;
  return {
    completeness: Math.round((done / items.length) * 100),
    missing: items.filter((i) => !i.done).map(({ field, label, href }) => ({ field, label, href })),
  };
}

/** What a family spent (cents), from the ledger: in all and since the 1st of this month in Jamaica. */
export async function familySpendingCents(tx: Tx, familyId: number, now: Date) {
  const monthStart = new Date(`${jamaicaToday(now).slice(0, 7)}-01T00:00:00-05:00`);
  const s = await ledger.familySpending(tx, familyId, monthStart);
  return { total: s.total, thisMonth: s.since };
}

export async function familyDashboard(
  deps: DashboardDeps,
  user: SessionUser,
  now: Date,
): Promise<FamilyDashboardResponse> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, user.id));
    const since = new Date(now.getTime() - REVIEW_WINDOW_MS);
    const bookingRows = await rows<{
      id: number;
      status: string;
      date: string;
      start_time: string;
      end_time: string;
      total_cost: string;
      starts_at: Date | string;
      completed_at: Date | string;
      caregiver_id: number;
      first_name: string;
      last_name: string;
      profile_image_url: string | null;
      review_rating: number | null;
      review_published_at: Date | string | null;
      review_hidden_at: Date | string | null;
      bucket: 'upcoming' | 'past';
    }>(
      tx,
      sql`(select b.id, b.status, b.date, b.start_time, b.end_time, b.total_cost::text, b.starts_at,
                  ${COMPLETED_AT} as completed_at, c.id as caregiver_id, cu.first_name, cu.last_name,
                  cu.profile_image_url, r.rating as review_rating, r.published_at as review_published_at,
                  r.hidden_at as review_hidden_at, 'upcoming' as bucket
           from bookings b join caregivers c on c.id = b.caregiver_id join users cu on cu.id = c.user_id
           left join reviews r on r.booking_id = b.id
           where b.family_id = ${user.id} and b.status = 'confirmed' and b.starts_at > ${now}
           order by b.starts_at asc limit 10)
          union all
          (select b.id, b.status, b.date, b.start_time, b.end_time, b.total_cost::text, b.starts_at,
                  ${COMPLETED_AT}, c.id, cu.first_name, cu.last_name, cu.profile_image_url,
                  r.rating, r.published_at, r.hidden_at, 'past'
           from bookings b join caregivers c on c.id = b.caregiver_id join users cu on cu.id = c.user_id
           left join reviews r on r.booking_id = b.id
           where b.family_id = ${user.id} and b.status = 'completed'
           order by b.starts_at desc limit 10)`,
    );
    const item = (b: (typeof bookingRows)[number]): FamilyBookingItem => {
      const completedAt = new Date(b.completed_at);
      const open = b.status === 'completed' && completedAt.getTime() >= since.getTime();
      return {
        id: b.id,
        status: b.status,
        date: b.date,
        startTime: b.start_time,
        endTime: b.end_time,
        totalCost: b.total_cost,
        caregiver: {
          id: b.caregiver_id,
          firstName: b.first_name,
          lastName: initial(b.last_name),
          profileImageUrl: b.profile_image_url,
        },
        review:
          b.review_rating === null
            ? null
            : {
                rating: b.review_rating,
                status: reviewStatus({
                  publishedAt: b.review_published_at ? new Date(b.review_published_at) : null,
                  hiddenAt: b.review_hidden_at ? new Date(b.review_hidden_at) : null,
                }),
              },
        canReview: open && b.review_rating === null,
        reviewDeadline:
          b.status === 'completed' ? new Date(completedAt.getTime() + REVIEW_WINDOW_MS).toISOString() : null,
      };
    };
    const [counts] = await rows<{ upcoming: number; pending: number; completed: number; unread: number }>(
      tx,
      sql`select count(*) filter (where status = 'confirmed' and starts_at > ${now})::int as upcoming,
                 count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'completed')::int as completed,
                 (select count(*) from messages where receiver_id = ${user.id} and not is_read)::int as unread
          from bookings where family_id = ${user.id}`,
    );
    const spending = await familySpendingCents(tx, user.id, now);
    // The session in use is one; any other (even signed out or expired since) means an earlier sign-in.
    const [signIns] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${sessions} where ${sessions.userId} = ${user.id}`,
    );
    return {
      upcomingBookings: bookingRows.filter((b) => b.bucket === 'upcoming').map(item),
      pastBookings: bookingRows.filter((b) => b.bucket === 'past').map(item),
      counts: { upcoming: counts.upcoming, pending: counts.pending, completed: counts.completed },
      spending: { thisMonth: money(spending.thisMonth), total: money(spending.total) },
      unreadMessages: counts.unread,
      profile: profileCompleteness(u),
      favourites: await deps.favourites.list(tx, user.id, 6),
      careCategories: await careCategories(tx),
      signedInBefore: signIns.n > 1,
    };
  });
}
