import { aliasedTable, and, asc, eq, isNull, or } from 'drizzle-orm';
import { ticketReference } from '../../../shared/contracts/support';
import type { Tx } from '../../db/client';
import {
  bookings,
  caregivers,
  favourites,
  messages,
  notifications,
  payments,
  payoutAccounts,
  payouts,
  reviews,
  supportTickets,
  userBlocks,
  users,
  verificationDocuments,
  verifications,
} from '../../db/schema';
import type { PrivacyHooks } from './ports';
import { seriesExport, visitContactsExport, visitLogExport } from './series-and-visits';

/** Another person as an export may show them: never their e-mail, phone or address. */
const other = (u: { id: number; firstName: string; lastName: string } | null) =>
  u ? { id: u.id, name: `${u.firstName} ${u.lastName.slice(0, 1)}${u.lastName ? '.' : ''}`.trim() } : null;

/** The privacy feature's own export sections (the table in src/server/wiring/privacy-hooks.ts places them). */
export const privacyExportSections = {
  bookingSeries: seriesExport,
  visitLog: visitLogExport,
  visitContacts: visitContactsExport,
};

/** Everything YaadCare holds about one user, as they may see it (GET /api/me/export). */
export async function buildExport(
  tx: Tx,
  userId: number,
  now: Date,
  hooks: Pick<PrivacyHooks, 'exporters' | 'emailPreferences'>,
) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const [caregiver] = await tx.select().from(caregivers).where(eq(caregivers.userId, userId)).limit(1);
  const [verification] = await tx
    .select()
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .limit(1);
  const documents = await tx
    .select({
      type: verificationDocuments.type,
      contentType: verificationDocuments.contentType,
      size: verificationDocuments.size,
      originalName: verificationDocuments.originalName,
      uploadedAt: verificationDocuments.createdAt,
    })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId))
    .orderBy(asc(verificationDocuments.createdAt));

  const family = aliasedTable(users, 'family');
  const carer = aliasedTable(users, 'carer');
  const bookingRows = await tx
    .select({ booking: bookings, family, carer })
    .from(bookings)
    .innerJoin(caregivers, eq(caregivers.id, bookings.caregiverId))
    .innerJoin(family, eq(family.id, bookings.familyId))
    .innerJoin(carer, eq(carer.id, caregivers.userId))
    .where(
      or(
        eq(bookings.familyId, userId),
        // A caregiver's: not a care circle's booking that never reached them (awaiting or refused approval).
        and(
          eq(caregivers.userId, userId),
          or(isNull(bookings.approvalState), eq(bookings.approvalState, 'approved')),
        ),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));

  const sender = aliasedTable(users, 'sender');
  const receiver = aliasedTable(users, 'receiver');
  const messageRows = await tx
    .select({ message: messages, sender, receiver })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(receiver, eq(receiver.id, messages.receiverId))
    .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
    .orderBy(asc(messages.createdAt), asc(messages.id));

  const reviewer = aliasedTable(users, 'reviewer');
  const reviewed = aliasedTable(users, 'reviewed');
  const reviewRows = await tx
    .select({ review: reviews, reviewer, reviewed })
    .from(reviews)
    .innerJoin(caregivers, eq(caregivers.id, reviews.caregiverId))
    .innerJoin(reviewer, eq(reviewer.id, reviews.familyId))
    .innerJoin(reviewed, eq(reviewed.id, caregivers.userId))
    .where(or(eq(reviews.familyId, userId), eq(caregivers.userId, userId)))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));

  const notificationRows = await tx
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  const tickets = await tx
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(asc(supportTickets.createdAt));

  const paymentRows = await tx
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      method: payments.method,
      status: payments.status,
      amount: payments.amount,
      capturedAmount: payments.capturedAmount,
      refundedAmount: payments.refundedAmount,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
      reference: payments.reference,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.familyId, userId))
    .orderBy(asc(payments.createdAt));
  const payoutRows = caregiver
    ? await tx
        .select({
          payoutDate: payouts.payoutDate,
          amount: payouts.amount,
          status: payouts.status,
          bankName: payouts.bankName,
          accountLast4: payouts.accountLast4,
        })
        .from(payouts)
        .where(eq(payouts.caregiverId, caregiver.id))
        .orderBy(asc(payouts.payoutDate))
    : [];
  const [payoutAccount] = caregiver
    ? await tx
        .select({
          bankName: payoutAccounts.bankName,
          accountHolder: payoutAccounts.accountHolder,
          accountLast4: payoutAccounts.accountLast4,
        })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.caregiverId, caregiver.id))
    : [];
  const favouriteRows = await tx
    .select({ caregiverId: favourites.caregiverId, createdAt: favourites.createdAt })
    .from(favourites)
    .where(eq(favourites.familyId, userId));
  const blockRows = await tx
    .select({ blockedUserId: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, userId));
  const preferences = await hooks.emailPreferences(tx, userId);

  const extra: Record<string, unknown> = {};
  for (const [name, section] of Object.entries(hooks.exporters)) extra[name] = await section(tx, userId);

  return {
    exportedAt: now.toISOString(),
    about:
      'Your personal data held by YaadCare. Other people appear by first name and initial only; their contact details are not included.',
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      userType: user.userType,
      phone: user.phone,
      location: user.location,
      parish: user.parish,
      profileImageUrl: user.profileImageUrl,
      isVerified: user.isVerified,
      verificationStatus: user.verificationStatus,
      timeZone: user.timeZone,
      currency: user.currency,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    caregiver: caregiver
      ? {
          id: caregiver.id,
          bio: caregiver.bio,
          experience: caregiver.experience,
          hourlyRate: caregiver.hourlyRate,
          kinds: caregiver.kinds,
          skills: caregiver.skills,
          certifications: caregiver.certifications,
          availability: caregiver.availability,
          weeklyAvailability: caregiver.weeklyAvailability,
          averageRating: caregiver.averageRating,
          totalReviews: caregiver.totalReviews,
          isActive: caregiver.isActive,
          isAvailable: caregiver.isAvailable,
          createdAt: caregiver.createdAt,
        }
      : null,
    verification: verification
      ? {
          status: verification.status,
          emailVerified: verification.emailVerified,
          phoneVerified: verification.phoneVerified,
          idVerified: verification.idVerified,
          selfieVerified: verification.selfieVerified,
          addressVerified: verification.addressVerified,
          backgroundCheckVerified: verification.backgroundCheckVerified,
          phone: verification.phone,
          address: verification.address,
          idNumber: verification.idNumber,
          emergencyContact: verification.emergencyContact,
          references: verification.references,
          policeRecordIssuedAt: verification.policeRecordIssuedAt,
          notes: verification.verificationNotes,
          consentAt: verification.consentAt,
          submittedAt: verification.submittedAt,
          verifiedAt: verification.verifiedAt,
          rejectionReason: verification.rejectionReason,
          documents,
        }
      : null,
    bookings: bookingRows.map(({ booking: b, family: f, carer: c }) => ({
      id: b.id,
      role: b.familyId === userId ? 'family' : 'caregiver',
      family: other(f),
      caregiver: { ...other(c), caregiverId: b.caregiverId },
      date: b.date,
      startTime: b.startTime,
      endTime: b.endTime,
      duration: b.duration,
      hourlyRate: b.hourlyRate,
      platformFee: b.platformFee,
      totalCost: b.totalCost,
      status: b.status,
      notes: b.notes,
      createdAt: b.createdAt,
    })),
    messages: messageRows.map(({ message: m, sender: s, receiver: r }) => ({
      id: m.id,
      direction: m.senderId === userId ? 'sent' : 'received',
      with: other(m.senderId === userId ? r : s),
      content: m.content,
      isRead: m.isRead,
      readAt: m.readAt,
      createdAt: m.createdAt,
    })),
    reviews: reviewRows.map(({ review: r, reviewer: by, reviewed: of }) => ({
      id: r.id,
      role: r.familyId === userId ? 'written' : 'received',
      bookingId: r.bookingId,
      by: other(by),
      about: other(of),
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt,
    })),
    notifications: notificationRows.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      readAt: n.readAt,
      createdAt: n.createdAt,
    })),
    supportTickets: tickets.map((t) => ({
      reference: ticketReference(t.id),
      category: t.category,
      subject: t.subject,
      message: t.message,
      status: t.status,
      answer: t.answer,
      createdAt: t.createdAt,
    })),
    payments: paymentRows,
    payouts: payoutRows,
    payoutAccount: payoutAccount ?? null,
    favourites: favouriteRows,
    blockedUsers: blockRows.map((b) => b.blockedUserId),
    emailPreferences: preferences,
    ...extra,
  };
}
