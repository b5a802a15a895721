import { and, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DatedException } from '../../../shared/free-time';
import type { Tx } from '../../db/client';
import { availabilityExceptions, bookings, caregivers, users, verifications } from '../../db/schema';

/** A public profile's reads: the caregiver with their verification record, and their bookings. */
export const publicProfileRepo = {
  /** Confirmed and pending bookings of these caregivers that overlap [from, to). */
  async busyTimes(tx: Tx, caregiverIds: number[], from: Date, to: Date) {
    if (!caregiverIds.length) return [];
    return tx
      .select({ caregiverId: bookings.caregiverId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          inArray(bookings.caregiverId, caregiverIds),
          inArray(bookings.status, ['confirmed', 'pending']),
          gt(bookings.endsAt, from),
          lt(bookings.startsAt, to),
        ),
      );
  },

  /** The caregiver's time off and extra hours touching the Jamaica dates [fromDate, toDate] (ADR 0046). */
  async exceptions(tx: Tx, caregiverId: number, fromDate: string, toDate: string): Promise<DatedException[]> {
    const e = availabilityExceptions;
    const rows = await tx
      .select({ kind: e.kind, from: e.fromDate, to: e.toDate, startTime: e.startTime, endTime: e.endTime })
      .from(e)
      .where(and(eq(e.caregiverId, caregiverId), gte(e.toDate, fromDate), lte(e.fromDate, toDate)));
    return rows;
  },

  async findProfile(tx: Tx, by: { id: number } | { userId: number }) {
    const [row] = await tx
      .select({
        id: caregivers.id,
        userId: caregivers.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        location: users.location,
        parish: users.parish,
        isVerified: users.isVerified,
        kinds: caregivers.kinds,
        bio: caregivers.bio,
        experience: caregivers.experience,
        hourlyRate: caregivers.hourlyRate,
        averageRating: caregivers.averageRating,
        totalReviews: caregivers.totalReviews,
        skills: caregivers.skills,
        certifications: caregivers.certifications,
        availability: caregivers.availability,
        isAvailable: caregivers.isAvailable,
        isPublic: caregivers.isPublic,
        createdAt: caregivers.createdAt,
        trust: {
          id: verifications.id,
          status: verifications.status,
          reviews: verifications.reviews,
          phoneVerified: verifications.phoneVerified,
          idVerified: verifications.idVerified,
          selfieVerified: verifications.selfieVerified,
          addressVerified: verifications.addressVerified,
          backgroundCheckVerified: verifications.backgroundCheckVerified,
          policeRecordIssuedAt: verifications.policeRecordIssuedAt,
          referenceCount: sql<number>`jsonb_array_length(${verifications.references})::int`,
          verifiedAt: verifications.verifiedAt,
        },
      })
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .leftJoin(verifications, eq(verifications.userId, caregivers.userId))
      .where('id' in by ? eq(caregivers.id, by.id) : eq(caregivers.userId, by.userId))
      .limit(1);
    return row;
  },
};

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof publicProfileRepo.findProfile>>>;
