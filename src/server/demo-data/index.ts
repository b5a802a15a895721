import { count, sql } from 'drizzle-orm';
import { SUPPORT_ACCOUNT_EMAIL } from '../core/support-account';
import type { Db, Tx } from '../db/client';
import {
  badges,
  bookings,
  caregiverBadges,
  caregiverStats,
  caregivers,
  messages,
  reviews,
  users,
  VERIFICATION_STEPS,
  verifications,
} from '../db/schema';
import { hashPassword } from '../features/auth';
import { circleAccess } from '../features/circles';
import { seedDemoMoney } from '../features/payments';
import { markDemoReceiptsMailed } from '../features/receipts';
import { seedBadgeCatalog } from './badges';
import { seedDemoCareRequests } from './care-requests';
import { demoCircleUsers, seedDemoCircle } from './circle';
import { seedDemoEmergency } from './emergency';
import { deriveEngagement } from './engagement';
import { seedDemoFxRates } from './fx-rates';
import { buildDemoData } from './generate';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_CAREGIVER_EMAIL,
  DEMO_COORDINATOR_EMAIL,
  DEMO_FAMILY_EMAIL,
  DEMO_PASSWORD,
  DEMO_PAYER_EMAIL,
} from './logins';
import { seedDemoMeetings } from './meetings';
import { money } from './money';
import { seedDemoPlans } from './plans';
import { seedDemoReliability } from './reliability';
import { seedDemoSeries } from './series';
import { seedDemoTimeOff } from './time-off';

export { BADGE_CATALOG, seedBadgeCatalog } from './badges';
export { seedBulkCaregivers } from './bulk';
export {
  DEMO_ADMIN_EMAIL,
  DEMO_CAREGIVER_EMAIL,
  DEMO_COORDINATOR_EMAIL,
  DEMO_EMAIL_DOMAIN,
  DEMO_FAMILY_EMAIL,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  DEMO_PAYER_EMAIL,
} from './logins';

/** Rows written per table. */
export interface DemoSummary {
  users: number;
  families: number;
  caregivers: number;
  admins: number;
  verifications: number;
  caregiverStats: number;
  badges: number;
  caregiverBadges: number;
  bookings: number;
  reviews: number;
  messages: number;
}

export interface DemoOptions {
  /** The moment the data set is built around (default: now). Tests pin it. */
  now?: Date;
  /** A precomputed hash of DEMO_PASSWORD, to skip the (slow, deliberate) argon2 run. */
  passwordHash?: string;
}

/** Any two processes seeding at once (two server instances starting) queue on this lock. */
const SEED_LOCK = 7245811;
const BATCH = 500;

/** Any user other than the YaadCare Support account (created at every start). */
async function hasUsers(db: Tx): Promise<boolean> {
  const rows = await db
    .select({ n: count() })
    .from(users)
    .where(sql`lower(${users.email}) <> ${SUPPORT_ACCOUNT_EMAIL}`)
    .limit(1);
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Writes the demo data set (three fixed logins, 60+ caregivers over all 14 parishes and 8 kinds,
 * 20 families, bookings in every status, reviews, messages, badges, stats) in one transaction.
 * Fails on a unique email if the fixed accounts already exist; see seedDemoDataIfEmpty.
 */
export async function seedDemoData(db: Db, options: DemoOptions = {}): Promise<DemoSummary> {
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    return insertDemoData(tx, passwordHash, options.now ?? new Date());
  });
  return summary;
}

/** Seeds the demo data only when the users table is empty; otherwise does nothing and returns null. */
export async function seedDemoDataIfEmpty(db: Db, options: DemoOptions = {}): Promise<DemoSummary | null> {
  if (await hasUsers(db)) return null;
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // Checked again under the lock: another process may have seeded while the hash was computed.
    if (await hasUsers(tx)) return null;
    return insertDemoData(tx, passwordHash, options.now ?? new Date());
  });
}

/** When a demo booking reached its state (the generator's updatedAt), as the state machine records it. */
function stateTimes(status: string, createdAt: Date, at: Date, familyId: number) {
  return {
    confirmedAt: status === 'confirmed' ? at : status === 'completed' ? createdAt : null,
    completedAt: status === 'completed' ? at : null,
    declinedAt: status === 'declined' ? at : null,
    expiredAt: status === 'expired' ? at : null,
    cancelledAt: status === 'cancelled' ? at : null,
    cancelledBy: status === 'cancelled' ? familyId : null,
  };
}

function chunk<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function insertDemoData(tx: Tx, passwordHash: string, now: Date): Promise<DemoSummary> {
  const data = buildDemoData(now);

  await seedBadgeCatalog(tx);
  const badgeRows = await tx.select({ id: badges.id, name: badges.name }).from(badges);
  const badgeId = new Map(badgeRows.map((b) => [b.name, b.id]));

  const userId = new Map<string, number>();
  for (const part of chunk(data.users)) {
    const rows = await tx
      .insert(users)
      .values(part.map((u) => ({ ...u, password: passwordHash })))
      .returning({ id: users.id, email: users.email });
    for (const r of rows) userId.set(r.email, r.id);
  }
  const uid = (email: string) => {
    const id = userId.get(email);
    if (id === undefined) throw new Error(`Demo data refers to an unknown user ${email}`);
    return id;
  };
  const adminId = uid(DEMO_ADMIN_EMAIL);
  // The background step is approved on the current police record: a few days after it was issued when
  // the caregiver renewed it after their verification.
  const approvedOn = (v: { verifiedAt: Date | null; policeRecordIssuedAt: string | null }, step: string) =>
    step === 'background' && v.policeRecordIssuedAt
      ? new Date(
          Math.max(
            v.verifiedAt!.getTime(),
            Date.parse(`${v.policeRecordIssuedAt}T15:00:00Z`) + 3 * 86_400_000,
          ),
        )
      : v.verifiedAt!;

  for (const part of chunk(data.verifications)) {
    await tx.insert(verifications).values(
      part.map(({ email, byAdmin, ...v }) => ({
        ...v,
        userId: uid(email),
        verifiedBy: byAdmin ? adminId : null,
        // An approved record carries the admin's approval of every step, as the review workflow leaves it.
        reviews:
          v.status === 'approved' && v.verifiedAt
            ? Object.fromEntries(
                VERIFICATION_STEPS.map((step) => [
                  step,
                  { approved: true, reason: null, by: adminId, at: approvedOn(v, step).toISOString() },
                ]),
              )
            : {},
      })),
    );
  }

  const caregiverId = new Map<string, number>();
  const emailOfUser = new Map([...userId].map(([email, id]) => [id, email]));
  for (const part of chunk(data.caregivers)) {
    const rows = await tx
      .insert(caregivers)
      .values(
        part.map(({ email, gender: _gender, hourlyRate, ...c }) => ({
          ...c,
          userId: uid(email),
          hourlyRate: money(hourlyRate),
        })),
      )
      .returning({ id: caregivers.id, userId: caregivers.userId });
    for (const r of rows) caregiverId.set(emailOfUser.get(r.userId)!, r.id);
  }
  const cid = (email: string) => caregiverId.get(email)!;

  for (const part of chunk(data.stats)) {
    await tx
      .insert(caregiverStats)
      .values(part.map(({ email, ...s }) => ({ ...s, caregiverId: cid(email) })));
  }

  for (const part of chunk(data.caregiverBadges)) {
    await tx.insert(caregiverBadges).values(
      part.map(({ email, badgeName, ...b }) => ({
        ...b,
        caregiverId: cid(email),
        badgeId: badgeId.get(badgeName)!,
      })),
    );
  }

  // Bookings are matched back to their rows by (caregiver, start), which is unique per caregiver.
  const bookingKey = (caregiver: number, startsAt: Date) => `${caregiver}|${startsAt.getTime()}`;
  const bookingId = new Map<string, number>();
  for (const part of chunk(data.bookings)) {
    const rows = await tx
      .insert(bookings)
      .values(
        part.map(
          ({ familyEmail, caregiverEmail, hourlyRate, platformFee, totalCost, kind: _kind, ...b }) => ({
            ...b,
            ...stateTimes(b.status, b.createdAt, b.updatedAt, uid(familyEmail)),
            familyId: uid(familyEmail),
            caregiverId: cid(caregiverEmail),
            hourlyRate: money(hourlyRate),
            platformFee: money(platformFee),
            totalCost: money(totalCost),
          }),
        ),
      )
      .returning({ id: bookings.id, caregiverId: bookings.caregiverId, startsAt: bookings.startsAt });
    for (const r of rows) bookingId.set(bookingKey(r.caregiverId, r.startsAt), r.id);
  }

  for (const part of chunk(data.reviews)) {
    await tx.insert(reviews).values(
      part.map((r) => {
        const b = data.bookings[r.booking];
        const caregiver = cid(b.caregiverEmail);
        return {
          bookingId: bookingId.get(bookingKey(caregiver, b.startsAt))!,
          familyId: uid(b.familyEmail),
          caregiverId: caregiver,
          rating: r.rating,
          comment: r.comment,
          createdAt: r.createdAt,
          // Double-blind: the caregiver rated the family first (see deriveEngagement), so it went live at once.
          publishedAt: r.createdAt,
        };
      }),
    );
  }

  for (const part of chunk(data.messages)) {
    await tx.insert(messages).values(
      part.map(({ senderEmail, receiverEmail, ...m }) => ({
        ...m,
        senderId: uid(senderEmail),
        receiverId: uid(receiverEmail),
      })),
    );
  }

  // The care circle: a payer in Toronto, a coordinator in Kingston, their mother in Mandeville.
  const members = await tx
    .insert(users)
    .values(demoCircleUsers(now).map((u) => ({ ...u, password: passwordHash })))
    .returning({ id: users.id, email: users.email });
  const memberId = (email: string) => members.find((m) => m.email === email)!.id;
  const ids = { payer: memberId(DEMO_PAYER_EMAIL), coordinator: memberId(DEMO_COORDINATOR_EMAIL) };
  const { circleId, carer } = await seedDemoCircle(tx, now, ids);
  // Gloria's Monday, Wednesday and Friday afternoons: a weekly series with a full visit log.
  if (carer) await seedDemoSeries(tx, now, { ...ids, circleId, carer });

  // A caregiver with a visible reliability record, then every record computed (ADR 0035).
  await seedDemoReliability(tx, now, uid(DEMO_FAMILY_EMAIL));
  // Payments, ledger and last Friday's payouts behind those bookings.
  await seedDemoMoney(tx, now, circleAccess);
  // The exchange rates admins keep for payers' estimates (ADR 0026).
  await seedDemoFxRates(tx, now, adminId);
  // A prepared parish emergency an admin can declare from the console (ADR 0030).
  await seedDemoEmergency(tx, now, adminId);
  // One family subscriber per paid plan (ADR 0037); the demo family stays on Basic.
  await seedDemoPlans(tx, now);
  // The seeded money's receipts count as mailed (ADR 0055): a demo server mails only new receipts.
  await markDemoReceiptsMailed(tx, now);
  // Two open care requests with applicants (ADR 0038).
  await seedDemoCareRequests(tx, now, uid(DEMO_FAMILY_EMAIL));
  // The demo caregiver is away on days of next week (ADR 0046), around the bookings she already holds.
  await seedDemoTimeOff(tx, now, cid(DEMO_CAREGIVER_EMAIL));
  // A pending meeting request from the demo family to the demo caregiver (ADR 0047).
  await seedDemoMeetings(tx, now, {
    familyId: uid(DEMO_FAMILY_EMAIL),
    caregiverId: cid(DEMO_CAREGIVER_EMAIL),
  });

  await deriveEngagement(tx, data, {
    cid,
    uid,
    bookingId: (b) => bookingId.get(bookingKey(cid(b.caregiverEmail), b.startsAt))!,
    now,
  });

  return {
    users: data.users.length,
    families: data.users.filter((u) => u.userType === 'family').length,
    caregivers: data.caregivers.length,
    admins: data.users.filter((u) => u.userType === 'admin').length,
    verifications: data.verifications.length,
    caregiverStats: data.stats.length,
    badges: badgeRows.length,
    caregiverBadges: data.caregiverBadges.length,
    bookings: data.bookings.length,
    reviews: data.reviews.length,
    messages: data.messages.length,
  };
}
