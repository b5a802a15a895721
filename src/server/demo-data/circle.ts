import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { addJamaicaDays } from '../../shared/contracts/payments';
import { centsToDecimal, priceBooking, toCents } from '../../shared/money';
import { jamaicaToday } from '../../shared/time';
import type { Tx } from '../db/client';
import { bookingEvents, bookings, careCircles, caregivers, circleMembers, users } from '../db/schema';
import { avatarUrl } from '../features/avatars';
import { jamaicaInstant } from './dates';
import { DEMO_COORDINATOR_EMAIL, DEMO_PAYER_EMAIL } from './logins';

const HOUR = 3_600_000;

/** The demo care circle: a daughter in Toronto pays, her brother in Kingston books, for their mother in Mandeville. */
export const DEMO_CIRCLE = {
  name: 'Mummy in Mandeville',
  recipient: {
    recipientFirstName: 'Gloria',
    recipientLastName: 'Campbell',
    recipientParish: 'Manchester',
    recipientTown: 'Mandeville',
    recipientAddress: '14 Caledonia Road, Mandeville',
    recipientNeeds: 'Help with meals, medication at 9 and 5, and a short walk; uses a cane.',
    recipientNotes: 'Likes the radio on (RJR). Diabetic: no sugar in her tea.',
    emergencyContactName: 'Devon Campbell',
    emergencyContactPhone: '+18765550142',
  },
  /** The payer's monthly cap in JMD. */
  capJmd: 40_000,
} as const;

/** The two demo members' accounts (the password hash is the demo one). */
export function demoCircleUsers(now: Date) {
  const joined = new Date(now.getTime() - 60 * 24 * HOUR);
  return [
    {
      email: DEMO_PAYER_EMAIL,
      firstName: 'Simone',
      lastName: 'Campbell',
      userType: 'family' as const,
      phone: '+14165550187',
      location: 'Toronto',
      parish: null,
      // She reads times in Toronto beside Jamaica's, and estimates in Canadian dollars.
      timeZone: 'America/Toronto',
      currency: 'CAD' as const,
      profileImageUrl: avatarUrl('Simone', 'Campbell', 'circle-payer'),
      createdAt: joined,
      updatedAt: joined,
    },
    {
      email: DEMO_COORDINATOR_EMAIL,
      firstName: 'Devon',
      lastName: 'Campbell',
      userType: 'family' as const,
      phone: '+18765550142',
      location: 'Kingston',
      parish: 'Kingston',
      profileImageUrl: avatarUrl('Devon', 'Campbell', 'circle-coordinator'),
      createdAt: joined,
      updatedAt: joined,
    },
  ];
}

/**
 * The demo circle, its members and three bookings with one senior-care caregiver (Manchester first): a visit
 * last week (completed; the money seed pays it), one confirmed for this week, and one awaiting the payer's
 * approval, so signing in as either member shows the whole journey. Run before the money seed. Returns the
 * circle and its carer (the weekly series, series.ts, is with them).
 */
export async function seedDemoCircle(
  tx: Tx,
  now: Date,
  ids: { payer: number; coordinator: number },
): Promise<{ circleId: number; carer: { id: number; rate: string } | undefined }> {
  const [circle] = await tx
    .insert(careCircles)
    .values({
      name: DEMO_CIRCLE.name,
      ...DEMO_CIRCLE.recipient,
      approvalRequired: true,
      createdBy: ids.coordinator,
      createdAt: new Date(now.getTime() - 60 * 24 * HOUR),
    })
    .returning({ id: careCircles.id });
  await tx.insert(circleMembers).values([
    { circleId: circle.id, userId: ids.coordinator, roles: ['coordinator'] },
    // The demo payer stands for someone who accepted a payer invitation with this cap (ADR 0039).
    {
      circleId: circle.id,
      userId: ids.payer,
      roles: ['payer'],
      monthlyCapJmd: DEMO_CIRCLE.capJmd,
      payerConsentedAt: new Date(now.getTime() - 59 * 24 * HOUR),
    },
  ]);

  const [carer] = await tx
    .select({ id: caregivers.id, rate: caregivers.hourlyRate })
    .from(caregivers)
    .innerJoin(users, eq(users.id, caregivers.userId))
    .where(and(sql`'senior-care' = any(${caregivers.kinds})`, eq(caregivers.isActive, true)))
    .orderBy(desc(sql`${users.parish} = 'Manchester'`), asc(caregivers.id))
    .limit(1);
  if (!carer) return { circleId: circle.id, carer: undefined };

  const today = jamaicaToday(now);
  const plans = [
    { days: -8, hour: 9, hours: 4, status: 'completed' as const },
    { days: 3, hour: 9, hours: 4, status: 'confirmed' as const },
    { days: 6, hour: 9, hours: 6, status: 'awaiting_approval' as const },
  ];
  for (const p of plans) {
    const slot = await freeSlot(tx, carer.id, addJamaicaDays(today, p.days), p.hour, p.hours);
    const price = priceBooking(toCents(carer.rate), p.hours);
    const createdAt = new Date(
      Math.min(
        slot.startsAt.getTime() - 48 * HOUR,
        now.getTime() - (p.status === 'awaiting_approval' ? 3 : 72) * HOUR,
      ),
    );
    const approvedAt = new Date(createdAt.getTime() + 2 * HOUR);
    const confirmedAt = new Date(approvedAt.getTime() + 3 * HOUR);
    const approved = p.status !== 'awaiting_approval';
    const [row] = await tx
      .insert(bookings)
      .values({
        familyId: ids.coordinator,
        caregiverId: carer.id,
        circleId: circle.id,
        date: slot.date,
        startTime: `${String(p.hour).padStart(2, '0')}:00`,
        endTime: `${String(p.hour + p.hours).padStart(2, '0')}:00`,
        duration: p.hours,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        hourlyRate: carer.rate,
        platformFee: centsToDecimal(price.platformFee),
        totalCost: centsToDecimal(price.total),
        status: p.status,
        notes: 'Please help her with lunch and the 5 o’clock tablets.',
        approvalState: approved ? 'approved' : 'awaiting',
        approvalReason: 'circle_rule',
        approvalBy: approved ? ids.payer : null,
        approvalAt: approved ? approvedAt : null,
        confirmedAt: approved ? confirmedAt : null,
        completedAt: p.status === 'completed' ? new Date(slot.endsAt.getTime() + HOUR) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: bookings.id });
    const events: { from: string | null; to: string; actor: number | null; at: Date }[] = [
      { from: null, to: 'awaiting_approval', actor: ids.coordinator, at: createdAt },
    ];
    if (approved) events.push({ from: 'awaiting_approval', to: 'pending', actor: ids.payer, at: approvedAt });
    if (approved) events.push({ from: 'pending', to: 'confirmed', actor: null, at: confirmedAt });
    if (p.status === 'completed')
      events.push({
        from: 'confirmed',
        to: 'completed',
        actor: null,
        at: new Date(slot.endsAt.getTime() + HOUR),
      });
    await tx.insert(bookingEvents).values(
      events.map((e) => ({
        bookingId: row.id,
        fromStatus: e.from as never,
        toStatus: e.to as never,
        actorUserId: e.actor,
        at: e.at,
      })),
    );
  }
  return { circleId: circle.id, carer };
}

/** The first day from `date` on which the caregiver holds nothing at [hour, hour + hours). */
async function freeSlot(tx: Tx, caregiverId: number, date: string, hour: number, hours: number) {
  for (let shift = 0; ; shift++) {
    const day = addJamaicaDays(date, shift);
    const startsAt = jamaicaInstant(day, hour);
    const endsAt = new Date(startsAt.getTime() + hours * HOUR);
    const busy = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.caregiverId, caregiverId),
          inArray(bookings.status, ['pending', 'confirmed', 'completed']),
          lt(bookings.startsAt, endsAt),
          gt(bookings.endsAt, startsAt),
        ),
      )
      .limit(1);
    if (busy.length === 0) return { date: day, startsAt, endsAt };
  }
}
