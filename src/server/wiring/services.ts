import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FeatureGate } from '../../shared/plan-features';
import { inAppNotices } from '../core/in-app-notices';
import { loadPayoutKey } from '../core/payout-key';
import { createRateLimitService } from '../core/rate-limits/service';
import { adminAuditLog, createAdminService } from '../features/admin';
import { createAuthService, createPasswordHasher } from '../features/auth';
import { createAvailabilityService } from '../features/availability';
import { createBackupService } from '../features/backup-offers';
import { createBadgeEngine } from '../features/badges';
import { createBookingSeriesService } from '../features/booking-series';
import {
  bookingLookups,
  circleStatementRows,
  circlesWithStatementRows,
  createBookingEvents,
  createBookingReminders,
  createBookingService,
  createCalendarBookings,
  visitBookings,
} from '../features/bookings';
import { createCalendarFeedService } from '../features/calendar-feeds';
import { createCareRequestService } from '../features/care-requests';
import { backupCandidates, createCaregiverDirectoryService } from '../features/caregiver-directory';
import { caregiverStatsService, measureResponseTimes } from '../features/caregiver-stats';
import { approvalReasonFor, chargeConsents, circleAccess, createCircleService } from '../features/circles';
import { createDashboardService } from '../features/dashboard';
import { createEmergencyRules, createEmergencyService } from '../features/emergencies';
import { createFavouriteService, createRebookService, listFavourites } from '../features/favourites';
import { createFxRateService } from '../features/fx-rates';
import { createMeetingReminders, createMeetingService, meetingBusy } from '../features/meetings';
import { createMessagingService } from '../features/messages';
import {
  createAccountService,
  createCaregiverProfileService,
  createOnboardingDraftService,
} from '../features/my-profile';
import {
  createDeliveryService,
  createDispatcher,
  createNotificationPhoneService,
  createNotificationPreferenceService,
  createUnreadEmailService,
  defaultChannelPolicy,
  deliverBookingNotice,
  noticeMailer,
  queueNotice,
  reminderPolicy,
  wantsEmail,
} from '../features/notifications';
import {
  createBackupHolds,
  createHoldFollower,
  createPaymentService,
  createReconciliationService,
  createSavedCardService,
  createTipService,
  createVisitHoldService,
} from '../features/payments';
import { createPayoutService } from '../features/payouts';
import { createPlanRefunds, createPlanService, createRenewalService } from '../features/plans';
import { createPrivacyService } from '../features/privacy';
import { createReceiptService } from '../features/receipts';
import { createReliabilityService, reliabilityService } from '../features/reliability';
import { createReviewReminderService, createReviewService } from '../features/reviews';
import { createSafetyService } from '../features/safety';
import { createSeoService } from '../features/seo';
import { createStatementService } from '../features/statements';
import { createSupportService } from '../features/support';
import { createVerificationService } from '../features/verification';
import { createVisitService, visitTimes } from '../features/visits';
import { registerBookingListeners } from './events';
import { privacyHooks } from './privacy-hooks';

/**
 * Every service of the server, built once from its dependencies (the app's database, adapters, clock and
 * settings). Routes, jobs and listeners take them from `app.services`; nothing builds a service anywhere
 * else (a test may build one on its own database).
 */
export function buildServices(app: FastifyInstance) {
  const { db, mailer, sms, storage, env, log, now } = app;
  const publicUrl = env.publicUrl;

  // ── people and trust ──
  // One queue for every argon2 hash the server computes (login, signup, resets, account deletion).
  const passwords = createPasswordHasher({ concurrency: env.hashConcurrency });
  const auth = createAuthService({ db, mailer, publicUrl, passwords, now });
  // Suspension asks privacy whether the account was deleted (privacy is built below; called later).
  const admin = createAdminService({
    db,
    accounts: {
      isDeleted: (tx, userId) => privacy.isDeleted(tx, userId),
      revokeSessions: privacyHooks.revokeSessions,
    },
  });
  const verification = createVerificationService({ db, mailer, sms, storage, publicUrl });
  // The support account's id is known once the messaging plugin has made sure of it (before any request).
  const messaging = createMessagingService({ db, supportUserId: () => app.supportUserId, now });
  const safety = createSafetyService({
    db,
    mailer,
    messaging,
    suspend: (actor, userId) => admin.setSuspended(actor, userId, true),
  });
  // Notification channels per group, quiet hours and the phone texts go to (ADR 0036).
  const notificationPreferences = createNotificationPreferenceService({ db });
  const notificationPhone = createNotificationPhoneService({ db, sms, now });
  // What each family's plan unlocks (issue 21, ADR 0037): the plans service's gate, created further down
  // (it needs saved cards); features get this delegate, called only once every service exists.
  const planGate: FeatureGate = { allows: (userId, feature) => plans.gate.allows(userId, feature) };
  const support = createSupportService({
    db,
    mailer,
    supportEmail: env.supportEmail,
    publicUrl,
    log,
    gate: planGate,
  });
  // Care circles (ADR 0024): the privacy export and account deletion ask them about a user's circles.
  const circles = createCircleService({ db, mailer, publicUrl, now, bookings: bookingLookups });
  // Saved cards (ADR 0032); account deletion removes them at once, here and at the provider.
  const savedCards = createSavedCardService({ db, provider: app.payments, now });
  // The privacy export's sections and the scrub's erasers, offered by each feature (src/server/wiring/privacy-hooks.ts).
  const privacy = createPrivacyService({
    db,
    mailer,
    storage,
    passwords,
    log,
    circles,
    savedCards,
    hooks: privacyHooks,
  });
  const rateLimits = createRateLimitService({ db });

  // ── caregivers ──
  // What visitors read (search, public profiles) vs what a user edits of their own (my-profile).
  // With DATABASE_REPLICA_URL, what any visitor reads (search, counts, public profiles, free slots) is read
  // from the replica, except for a client that just wrote (ADR 0057); otherwise this is the database itself.
  const reads = app.database.replica?.reads ?? db;
  const caregiverDirectory = createCaregiverDirectoryService({
    db: reads,
    now,
    checkRendering: env.nodeEnv !== 'production',
    reliability: reliabilityService,
  });
  const caregiverProfile = createCaregiverProfileService({ db });
  // Dated availability (ADR 0046): time off, extra hours and free slots from the one model in
  // src/shared/free-time.ts. Busy time: bookings (and, when wired, other sources through extraBusy).
  // A caregiver's confirmed meetings are busy time in the free-time calendar (ADR 0046, 0047).
  const busyMeetings = meetingBusy(db);
  const busyMeetingsRead = meetingBusy(reads);
  const availability = createAvailabilityService({
    db,
    reads,
    now,
    bookings: bookingLookups,
    extraBusy: (caregiverId, from, to) => busyMeetingsRead.busyOf(caregiverId, from, to),
  });
  const onboardingDrafts = createOnboardingDraftService({ db });
  const account = createAccountService({ db, storage });
  const seo = createSeoService({ db, publicUrl });

  // ── notices by e-mail, SMS and WhatsApp (ADR 0033) ──
  // Booking, visit, payment and emergency notices are rows of the delivery outbox: their services get the
  // notice mailer, which dispatches those rows after commit; the deliveries job sends the rest and retries.
  const dispatcher = createDispatcher({ db, channels: app.channels, policy: defaultChannelPolicy, now, log });
  const deliveries = createDeliveryService({ db, dispatcher, now, audit: adminAuditLog });
  const notices = noticeMailer(dispatcher, mailer);
  // Unread-message notices: through the outbox, on the channels each user chose for unread messages.
  const unreadEmails = createUnreadEmailService({
    db,
    mailer: notices,
    publicUrl,
    messaging,
    supportUserId: () => app.supportUserId,
  });

  // ── bookings and money ──
  // The outbox and the circles' access as the booking and money features' ports take them (issue 31).
  const outbox = { queue: queueNotice };
  const bookingCircles = { ...circleAccess, approvalReasonFor };
  // Booking state changes and what follows from them (the event table: src/server/wiring/events.ts).
  const bookingEvents = createBookingEvents();
  // Badges (measured on booking changes, reviews and the caregiver's dashboard visits).
  const badges = createBadgeEngine({
    stats: { ensure: (tx, id) => caregiverStatsService.ensure(tx, id), measureResponseTimes },
    notices: inAppNotices,
  });
  // Parish emergency mode's rules (ADR 0030), reading where bookings take place.
  const emergencyRules = createEmergencyRules(bookingLookups);
  registerBookingListeners(bookingEvents, {
    payments: app.payments,
    emergencies: emergencyRules,
    badges: (tx, e) => badges.remeasureAfterBooking(tx, e),
    reliability: (tx, e) => reliability.followBooking(tx, e),
    settlement: { bookings: bookingLookups, visitTimes },
  });
  const bookings = createBookingService({
    db,
    mailer: notices,
    publicUrl,
    events: bookingEvents,
    emergencies: emergencyRules,
    circles: bookingCircles,
    notices: outbox,
    visits: visitTimes,
    // What is held follows a booking's new price (an accepted counter-proposal, ADR 0048).
    holds: createHoldFollower(app.payments),
    timeOff: availability.lookups,
    now,
  });
  // What payments asks of bookings, circles, visits and notifications (its ports, issue 31).
  const paymentBookings = {
    ...bookingLookups,
    notifyParties: bookings.notifyParties,
    findWithParties: visitBookings.find,
  };
  const paymentCircles = { ...circleAccess, chargeConsents };
  // Parish emergency mode (ADR 0030): bookings and payments ask its rules; admins declare, extend, end.
  const emergencies = createEmergencyService({
    db,
    mailer: notices,
    publicUrl,
    now,
    audit: adminAuditLog,
    bookings: bookingLookups,
    notices: { queue: (tx, n, at) => queueNotice(tx, n, at) },
  });
  // Recurring bookings (ADR 0027): every visit through the bookings service's code paths.
  const bookingSeries = createBookingSeriesService({
    db,
    bookings: bookings.batchBookings,
    publicUrl,
    now,
    visitBookings,
    circles: circleAccess,
    notices: { deliver: deliverBookingNotice },
    timeOff: availability.lookups,
  });
  // Check-in, check-out and the visit log (ADR 0028): reads bookings and circles through their services.
  const visits = createVisitService({
    db,
    mailer: notices,
    storage,
    publicUrl,
    now,
    bookings: visitBookings,
    circles: circleAccess,
    notices: { deliver: deliverBookingNotice },
  });
  const payments = createPaymentService({
    db,
    provider: app.payments,
    supportEmail: env.supportEmail,
    mailer: notices,
    publicUrl,
    bookings: paymentBookings,
    circles: paymentCircles,
  });
  // Tips after a completed visit (ADR 0051): a saved card charged, 100 % to the caregiver's balance.
  const tips = createTipService({
    db,
    provider: app.payments,
    mailer: notices,
    publicUrl,
    bookings: paymentBookings,
    circles: paymentCircles,
    notices: outbox,
    now,
  });
  // Saved cards (ADR 0032): provider references only; series visits are held on the default one.
  const visitHolds = createVisitHoldService({
    db,
    provider: app.payments,
    bookings: bookings.unpaidVisits,
    records: paymentBookings,
    circles: paymentCircles,
    notices: outbox,
    publicUrl,
    supportEmail: env.supportEmail,
  });
  // Reliability records (ADR 0035): kept by a booking listener and two jobs; read through reliabilityService.
  const reliability = createReliabilityService({ db, emergencies: emergencyRules });
  // Backups when a caregiver drops out (ADR 0034): offers computed live, ranked by reliability among
  // caregivers as near, the hold moved on a rebook.
  const backupHolds = createBackupHolds(app.payments, db, bookingLookups);
  // The daily reconciliation with the provider's record and the admins' money audit (ADR 0041).
  const reconciliation = createReconciliationService({
    db,
    provider: app.payments,
    mailer: notices,
    notices: outbox,
    publicUrl,
    onRun: (kinds, open) => app.metrics.reconciled(kinds, open),
  });
  const backups = createBackupService({
    db,
    mailer: notices,
    bookings: { ...bookings.backupRequests, get: bookings.get },
    holds: backupHolds,
    now,
    reliabilityRank: reliabilityService.rankOf,
    candidates: backupCandidates,
    visits: visitTimes,
  });
  const payouts = createPayoutService({
    db,
    key: loadPayoutKey(env),
    mailer,
    bookings: bookingLookups,
    storage,
  });
  const reviews = createReviewService({
    db,
    stats: caregiverStatsService,
    notices: inAppNotices,
    badges,
  });
  const reviewReminders = createReviewReminderService({ db, mailer, publicUrl, wantsEmail });
  const favourites = createFavouriteService({ db, stats: caregiverStatsService });
  // Day-before reminders of confirmed bookings; by SMS on plans that include it.
  const bookingReminders = createBookingReminders({
    db,
    mailer: notices,
    gate: planGate,
    notices: { queueReminder: (tx, n, at, sms) => queueNotice(tx, n, at, reminderPolicy(sms)) },
  });
  // Favourites' one-tap rebook: a Family Plan feature, through the bookings service's request path.
  const rebook = createRebookService({ db, bookings, gate: planGate, records: bookingLookups });
  // Estimates in a payer's currency, from the rates admins keep (ADR 0026).
  const fxRates = createFxRateService({ db, now });
  // Care circles' monthly statements: their bookings, the rates, and a mail to every payer on the 1st.
  const statements = createStatementService({
    db,
    mailer,
    publicUrl,
    fxRates,
    now,
    bookings: { circleStatementRows, circlesWithStatementRows },
    circles: circleAccess,
    wantsEmail,
  });
  // Receipts of every charge, tip, plan charge, refund and payout (ADR 0055): read from the money records,
  // estimated in a reader's currency, e-mailed once each through the outbox (e-mail only: no receipt by SMS).
  const receipts = createReceiptService({
    db,
    publicUrl,
    now,
    fxRates,
    circles: circleAccess,
    notices: {
      queue: (tx, n, at) =>
        queueNotice(tx, n, at, async (ptx, facts, when) => {
          const d = await defaultChannelPolicy(ptx, facts, when);
          return { ...d, destinations: d.destinations.filter((x) => x.channel === 'email') };
        }),
    },
    mailer: notices,
  });
  const dashboard = createDashboardService({
    db,
    stats: caregiverStatsService,
    badges,
    favourites: { list: listFavourites },
  });
  // Plans and billing (ADR 0037): the FeatureGate gated features are given is `plans.gate`.
  const planDeps = { db, provider: app.payments, mailer, savedCards, publicUrl, now };
  const plans = createPlanService(planDeps);
  const planRenewals = createRenewalService(planDeps);
  // Admins' refunds of plan charges (issue 34, ADR 0054).
  const planRefunds = createPlanRefunds(planDeps);
  // Care requests (ADR 0038): bookings through the bookings service; the team shortlist behind a plan gate.
  const careRequests = createCareRequestService({
    db,
    mailer: notices,
    publicUrl,
    now,
    bookings: bookings.requestsAtRate,
    gate: planGate,
    reliabilityRank: reliabilityService.rankOf,
    notices: outbox,
  });

  // Meetings before booking (issue 33, ADR 0047): circles' access, the outbox, and reports through safety.
  const meetingDeps = {
    db,
    mailer: notices,
    now,
    publicUrl,
    videoUrl: env.meetingVideoUrl,
    circles: circleAccess,
    notices: outbox,
    reports: {
      report: async (
        me: { id: number; firstName: string; lastName: string },
        otherId: number,
        reason: string,
      ) => safety.report(me, await safety.otherUser(me.id, otherId), { reason }),
    },
  };
  const meetings = createMeetingService(meetingDeps);
  const meetingReminders = createMeetingReminders(meetingDeps);

  // Private calendar feeds (issue 33, ADR 0049): the user's bookings from bookings (circles decide whose
  // circle bookings), their confirmed meetings, and a caregiver's time off.
  const calendarFeeds = createCalendarFeedService({
    db,
    publicUrl,
    now,
    bookingsOf: createCalendarBookings({ db, circles: circleAccess }),
    meetingsOf: (userId) => busyMeetings.meetingsOf(userId),
    timeOffOf: (userId) => availability.timeOffOfUser(userId),
  });

  return {
    auth,
    admin,
    verification,
    messaging,
    unreadEmails,
    notificationPreferences,
    notificationPhone,
    safety,
    support,
    circles,
    privacy,
    rateLimits,
    deliveries,
    caregiverDirectory,
    caregiverProfile,
    availability,
    onboardingDrafts,
    account,
    seo,
    bookingEvents,
    bookings,
    emergencies,
    bookingSeries,
    bookingReminders,
    visits,
    reliability,
    payments,
    tips,
    savedCards,
    visitHolds,
    backupHolds,
    reconciliation,
    backups,
    payouts,
    reviews,
    reviewReminders,
    favourites,
    rebook,
    planGate,
    fxRates,
    statements,
    receipts,
    dashboard,
    plans,
    planRenewals,
    planRefunds,
    careRequests,
    calendarFeeds,
    meetings,
    meetingReminders,
    /** Meetings' busy times and calendar (issue 33): free slots and calendar feeds take them as a port. */
    meetingBusy: busyMeetings,
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Decorates the app with `services` (after the adapters and before any route). */
export const servicesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('services', buildServices(app));
  },
  { name: 'services' },
);
