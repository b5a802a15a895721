import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdminService } from './features/admin/service';
import { createPasswordHasher } from './features/auth/passwords';
import { createAuthService } from './features/auth/service';
import { createBookingService } from './features/bookings/service';
import { createOnboardingDraftService } from './features/caregiver-profile/onboarding-draft';
import { createCaregiverProfileService } from './features/caregiver-profile/service';
import { createCaregiverService } from './features/caregivers/service';
import { createMessagingService } from './features/messages/service';
import { createUnreadEmailService } from './features/notifications/unread-email-job';
import { createPaymentService } from './features/payments/service';
import { loadPayoutKey } from './features/payouts/crypto';
import { createPayoutService } from './features/payouts/service';
import { createPrivacyService } from './features/privacy/service';
import { createRateLimitService } from './features/rate-limits/service';
import { createReviewService } from './features/reviews/service';
import { createSafetyService } from './features/safety/service';
import { createSupportService } from './features/support/service';
import { createVerificationService } from './features/verification/service';

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
  const admin = createAdminService({ db });
  const verification = createVerificationService({ db, mailer, sms, storage, publicUrl });
  // The support account's id is known once the messaging plugin has made sure of it (before any request).
  const messaging = createMessagingService({ db, supportUserId: () => app.supportUserId, now });
  const safety = createSafetyService({
    db,
    mailer,
    messaging,
    suspend: (actor, userId) => admin.setSuspended(actor, userId, true),
  });
  const unreadEmails = createUnreadEmailService({
    db,
    mailer,
    publicUrl,
    messaging,
    supportUserId: () => app.supportUserId,
  });
  const support = createSupportService({ db, mailer, supportEmail: env.supportEmail, publicUrl, log });
  const privacy = createPrivacyService({ db, mailer, storage, passwords, log });
  const rateLimits = createRateLimitService({ db });

  // ── caregivers ──
  const caregivers = createCaregiverService({ db, now, checkRendering: env.nodeEnv !== 'production' });
  const caregiverProfile = createCaregiverProfileService({ db, storage });
  const onboardingDrafts = createOnboardingDraftService({ db });

  // ── bookings and money ──
  const bookings = createBookingService({ db, mailer, publicUrl });
  const payments = createPaymentService({
    db,
    provider: app.payments,
    supportEmail: env.supportEmail,
    mailer,
    publicUrl,
  });
  const payouts = createPayoutService({ db, key: loadPayoutKey(env), mailer });
  const reviews = createReviewService({ db });

  return {
    auth,
    admin,
    verification,
    messaging,
    unreadEmails,
    safety,
    support,
    privacy,
    rateLimits,
    caregivers,
    caregiverProfile,
    onboardingDrafts,
    bookings,
    payments,
    payouts,
    reviews,
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
