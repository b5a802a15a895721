import { drawReviews } from './booking-reviews';
import { drawBookings } from './bookings';
import { drawStatsAndBadges } from './caregiver-stats';
import { generatedCaregiverPlans } from './caregivers';
import { createDemoContext, type DemoContext } from './context';
import { drawConversations, finishConversations, startConversations } from './conversations';
import { demoNannyPlan } from './demo-nanny';
import { familyHouseholds } from './families';
import { DEMO_ADMIN_EMAIL } from './logins';
import { newReviewsUsed } from './reviews';
import type {
  BookingRow,
  CaregiverBadgeRow,
  DemoDataSet,
  ReviewRow,
  StatsRow,
  UserRow,
  VerificationRow,
} from './rows';

/**
 * Builds the demo data set as plain rows, before any id exists: people are referred to by email,
 * bookings by their index. Everything is drawn from one seeded PRNG and dated relative to today in
 * Jamaica, so the same day gives the same data and upcoming bookings stay upcoming. The parts draw
 * in the order below (people, then each caregiver's bookings, reviews, messages and stats in turn):
 * changing that order changes the data set.
 */
export function buildDemoData(now: Date = new Date()): DemoDataSet {
  const ctx = createDemoContext(now);
  const users: UserRow[] = [adminAccount(ctx)];
  const families = familyHouseholds(ctx);
  users.push(...families.map((f) => f.user));

  // Caregivers: the demo nanny first, then the generated ones.
  const plans = [demoNannyPlan(ctx, families), ...generatedCaregiverPlans(ctx)];
  const verifications: VerificationRow[] = [];
  for (const p of plans) {
    users.push(p.user);
    if (p.verification) verifications.push(p.verification);
  }

  // Bookings, reviews and messages, caregiver by caregiver.
  const bookings: BookingRow[] = [];
  const reviews: ReviewRow[] = [];
  const stats: StatsRow[] = [];
  const caregiverBadges: CaregiverBadgeRow[] = [];
  const conversations = startConversations(families);
  const reviewsUsed = newReviewsUsed();

  for (const plan of plans) {
    const mine = drawBookings(ctx, plan, families);
    const myReviews = drawReviews(ctx, plan, mine, bookings.length, reviewsUsed);
    bookings.push(...mine);
    reviews.push(...myReviews);
    drawConversations(ctx, plan, mine, conversations);
    const measured = drawStatsAndBadges(ctx, plan, mine, myReviews);
    caregiverBadges.push(...measured.badges);
    stats.push(measured.stats);
  }

  return {
    users,
    verifications,
    caregivers: plans.map((p) => p.row),
    stats,
    bookings,
    reviews,
    messages: finishConversations(conversations),
    caregiverBadges,
  };
}

/** The administrator (verification reviews, support). */
function adminAccount(ctx: DemoContext): UserRow {
  const adminCreated = ctx.daysAgo(720, 9);
  return {
    email: DEMO_ADMIN_EMAIL,
    firstName: 'YaadCare',
    lastName: 'Admin',
    userType: 'admin',
    phone: null,
    location: 'New Kingston',
    parish: 'St. Andrew',
    profileImageUrl: ctx.nextAvatar('YaadCare', 'Admin'),
    isVerified: true,
    verificationStatus: 'approved',
    createdAt: adminCreated,
    updatedAt: adminCreated,
  };
}
