import { aliasedTable, and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookingSeries, bookings, caregivers, users, visitContacts, visitEntries } from '../../db/schema';

/** Another person as an export may show them: never their e-mail, phone or address. */
const other = (u: { id: number; firstName: string; lastName: string } | null) =>
  u ? { id: u.id, name: `${u.firstName} ${u.lastName.slice(0, 1)}${u.lastName ? '.' : ''}`.trim() } : null;

/** A caregiver's booking counts once it reached them (a circle's: after a payer approved it). */
const reachedCaregiver = or(isNull(bookings.approvalState), eq(bookings.approvalState, 'approved'));

/** The bookings the user is a party to: as the family (or the coordinator who booked), or as the caregiver. */
async function partyBookingIds(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(caregivers, eq(caregivers.id, bookings.caregiverId))
    .where(or(eq(bookings.familyId, userId), and(eq(caregivers.userId, userId), reachedCaregiver)));
  return rows.map((r) => r.id);
}

/**
 * Export section: the user's booking series (ADR 0027), as the family or coordinator who booked it or as its
 * caregiver once a visit reached them, with the visits' ids. The other party by first name and initial.
 */
export async function seriesExport(tx: Tx, userId: number) {
  const family = aliasedTable(users, 'family');
  const carer = aliasedTable(users, 'carer');
  const rows = await tx
    .select({ s: bookingSeries, family, carer })
    .from(bookingSeries)
    .innerJoin(caregivers, eq(caregivers.id, bookingSeries.caregiverId))
    .innerJoin(family, eq(family.id, bookingSeries.familyId))
    .innerJoin(carer, eq(carer.id, caregivers.userId))
    .where(or(eq(bookingSeries.familyId, userId), eq(caregivers.userId, userId)))
    .orderBy(asc(bookingSeries.createdAt), asc(bookingSeries.id));
  const mine = new Set(await partyBookingIds(tx, userId));
  const visits =
    rows.length === 0
      ? []
      : await tx
          .select({ id: bookings.id, seriesId: bookings.seriesId })
          .from(bookings)
          .where(
            inArray(
              bookings.seriesId,
              rows.map((r) => r.s.id),
            ),
          )
          .orderBy(asc(bookings.startsAt));
  return rows
    .map(({ s, family: f, carer: c }) => ({
      id: s.id,
      role: s.familyId === userId ? 'family' : 'caregiver',
      family: other(f),
      caregiver: { ...other(c), caregiverId: s.caregiverId },
      circleId: s.circleId,
      weekdays: s.weekdays,
      startTime: s.startTime,
      hours: s.hours,
      startDate: s.startDate,
      endDate: s.endDate,
      visitCount: s.visitCount,
      status: s.status,
      notes: s.notes,
      skipped: s.skipped,
      createdAt: s.createdAt,
      answeredAt: s.answeredAt,
      cancelledAt: s.cancelledAt,
      // Only the visits that are the user's (a circle's visit awaiting a payer is not yet the caregiver's).
      bookingIds: visits.filter((v) => v.seriesId === s.id && mine.has(v.id)).map((v) => v.id),
    }))
    .filter((s) => s.role === 'family' || s.bookingIds.length > 0);
}

/**
 * Export section: the visit-log entries (ADR 0028) the user wrote or that concern their bookings. The author
 * by first name and initial; the location accuracy only on the user's own check-ins and check-outs.
 */
export async function visitLogExport(tx: Tx, userId: number) {
  const ids = await partyBookingIds(tx, userId);
  const author = aliasedTable(users, 'author');
  const rows = await tx
    .select({ e: visitEntries, author })
    .from(visitEntries)
    .leftJoin(author, eq(author.id, visitEntries.authorUserId))
    .where(
      ids.length === 0
        ? eq(visitEntries.authorUserId, userId)
        : or(eq(visitEntries.authorUserId, userId), inArray(visitEntries.bookingId, ids)),
    )
    .orderBy(asc(visitEntries.bookingId), asc(visitEntries.recordedAt), asc(visitEntries.id));
  return rows.map(({ e, author: a }) => ({
    id: e.id,
    bookingId: e.bookingId,
    kind: e.kind,
    details: e.details,
    writtenBy: e.authorUserId === userId ? 'you' : other(a),
    recordedAt: e.recordedAt,
    receivedAt: e.receivedAt,
    effectiveAt: e.effectiveAt,
    locationAccuracyM: e.authorUserId === userId ? e.locationAccuracyM : null,
  }));
}

/**
 * Export section: when the server heard from the user's phone about a visit (ADR 0040's evidence of contact),
 * their own rows only. Account deletion removes them with the user (on delete cascade).
 */
export async function visitContactsExport(tx: Tx, userId: number) {
  return tx
    .select({ bookingId: visitContacts.bookingId, at: visitContacts.at })
    .from(visitContacts)
    .where(eq(visitContacts.userId, userId))
    .orderBy(asc(visitContacts.bookingId), asc(visitContacts.at));
}

/**
 * Account deletion (ADR 0031): a family's own series lose their notes, and the visit log of their own
 * household's bookings loses its words (kind and times stay: they are the caregiver's work record). A care
 * circle's series and logs stay whole: they are the circle's record, kept for the other members. What a
 * deleted caregiver wrote stays for the family; its author then reads as the deleted account.
 */
export async function scrubSeriesAndVisits(tx: Tx, user: { id: number }): Promise<string[]> {
  await tx
    .update(bookingSeries)
    .set({ notes: null })
    .where(and(eq(bookingSeries.familyId, user.id), isNull(bookingSeries.circleId)));
  const own = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.familyId, user.id), isNull(bookings.circleId)));
  if (own.length === 0) return [];
  const ids = own.map((b) => b.id);
  // Photos of the family's home go altogether (the row and the file, once the scrub has committed).
  const photos = await tx
    .delete(visitEntries)
    .where(and(inArray(visitEntries.bookingId, ids), eq(visitEntries.kind, 'photo')))
    .returning({ key: visitEntries.storageKey });
  await tx.update(visitEntries).set({ details: {} }).where(inArray(visitEntries.bookingId, ids));
  return photos.map((p) => p.key).filter((k): k is string => k !== null);
}
