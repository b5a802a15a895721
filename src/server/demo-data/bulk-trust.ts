import { eq } from 'drizzle-orm';
import type { Parish } from '../../shared/catalog';
import type { Tx } from '../db/client';
import {
  type StepReviews,
  users,
  VERIFICATION_STEPS,
  type VerificationStatus,
  verifications,
} from '../db/schema';
import { phoneNumber } from './contact-details';
import { DAY, HOUR } from './dates';
import { DEMO_ADMIN_EMAIL } from './logins';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from './names';
import type { Rng } from './random';
import { placeName } from './text-templates';
import { run, unnestInsert } from './unnest-insert';

/**
 * Verification records for bulk caregivers, as the verification workflow leaves them: a verified
 * caregiver's record approved step by step by an admin (the Verified badge holds: police record 1–11
 * months old, two references); about 30 % of the others have one part-way (pending) or waiting for
 * review (submitted); the rest never opened theirs.
 */

const MINUTE = 60_000;

const STREETS = [
  'Main Street',
  'Church Street',
  'Market Street',
  'King Street',
  'Hope Road',
  'Old Hope Road',
  'Molynes Road',
  'Barbican Road',
  'Spanish Town Road',
  'Mountain View Avenue',
  'Red Hills Road',
  'Constant Spring Road',
  'Gordon Town Road',
  'Manchester Road',
  'Windward Road',
  'West Street',
];
const REFERENCE_RELATIONSHIPS = [
  'Former employer',
  'Pastor',
  'Teacher',
  'Neighbour',
  'Church elder',
  'Family friend',
  'Former client',
  'Supervisor',
];
const EMERGENCY_RELATIONSHIPS = {
  f: ['mother', 'sister', 'aunt', 'wife', 'daughter', 'cousin'],
  m: ['father', 'brother', 'uncle', 'husband', 'son', 'cousin'],
};

export interface TrustInput {
  verified: boolean;
  town: string;
  parish: Parish;
  phone: string;
  createdAt: Date;
}

/** A verifications row (snake-case columns, as unnestInsert takes them) with the admin left out. */
export interface BulkTrustRecord {
  status: VerificationStatus;
  row: Record<string, string | boolean | Date | null>;
  /** The admin's decision per step: approved records only. */
  reviews: { step: (typeof VERIFICATION_STEPS)[number]; at: Date }[];
}

const clamp = (t: number, lo: number, hi: number) => new Date(Math.max(lo, Math.min(t, hi)));
const daysAgoDate = (now: Date, days: number) =>
  new Date(now.getTime() - days * DAY).toISOString().slice(0, 10);
const personName = (rng: Rng, female = rng.chance(0.6)) =>
  `${rng.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
/** A TRN, the ID number most Jamaicans give. */
const trn = (rng: Rng) => `${rng.int(100, 199)}-${rng.int(100, 999)}-${rng.int(100, 999)}`;

function details(rng: Rng, c: TrustInput) {
  const female = rng.chance(0.7);
  const relationship = rng.pick(EMERGENCY_RELATIONSHIPS[female ? 'f' : 'm']);
  return {
    address: `${rng.int(1, 140)} ${rng.pick(STREETS)}, ${placeName(c.town, c.parish)}`,
    id_number: trn(rng),
    emergency_contact: `${personName(rng, female)} (${relationship}), ${phoneNumber(rng)}`,
  };
}

/** Two references, as the submit form requires (exactly two). */
const references = (rng: Rng) =>
  JSON.stringify(
    rng
      .sample(REFERENCE_RELATIONSHIPS, 2)
      .map((relationship) => ({ name: personName(rng), relationship, phone: phoneNumber(rng) })),
  );

const EMPTY = {
  email_verified: false,
  phone_verified: false,
  address_verified: false,
  id_verified: false,
  selfie_verified: false,
  background_check_verified: false,
  phone: null,
  address: null,
  id_number: null,
  emergency_contact: null,
  police_record_issued_at: null,
  references: '[]',
  consent_at: null,
  submitted_at: null,
  verified_at: null,
};

/**
 * An approved record. The current police record was issued 1–11 months ago; a caregiver verified before
 * it renewed it (the background step reopened and was approved again, which set verified_at anew).
 */
function approved(rng: Rng, c: TrustInput, now: Date): BulkTrustRecord {
  const nowMs = now.getTime();
  const joined = c.createdAt.getTime();
  const opened = Math.min(joined + rng.int(5, 120) * MINUTE, nowMs - 4 * HOUR);
  const issuedAt = daysAgoDate(now, rng.int(30, 335));
  const issuedMs = Date.parse(`${issuedAt}T17:00:00Z`);
  const renewed = joined + 30 * DAY < issuedMs && rng.chance(0.8);
  // The last submission: the first one, or the renewal once the new police record was in hand.
  const submitted = clamp(
    Math.max(issuedMs, opened) + rng.int(1, 10) * DAY + rng.int(0, 8 * 60) * MINUTE,
    opened + 30 * MINUTE,
    nowMs - 3 * HOUR,
  );
  const verifiedAt = clamp(submitted.getTime() + rng.int(2, 48) * HOUR, submitted.getTime(), nowMs - HOUR);
  // The other steps were decided at the first approval: a few minutes apart, before the background step.
  const firstApproval = renewed
    ? opened + rng.int(2, 21) * DAY + rng.int(0, 10) * HOUR
    : verifiedAt.getTime() - rng.int(2, 10) * MINUTE;
  const reviews: BulkTrustRecord['reviews'] = [{ step: 'background', at: verifiedAt }];
  let at = firstApproval;
  for (const step of VERIFICATION_STEPS.filter((s) => s !== 'background').reverse()) {
    reviews.unshift({ step, at: new Date(at) });
    at -= rng.int(1, 4) * MINUTE;
  }
  return {
    status: 'approved',
    reviews,
    row: {
      ...EMPTY,
      email_verified: true,
      phone_verified: true,
      address_verified: true,
      id_verified: true,
      selfie_verified: true,
      background_check_verified: true,
      phone: c.phone,
      ...details(rng, c),
      police_record_issued_at: issuedAt,
      references: references(rng),
      // Consent is given with the first submission and kept through a renewal.
      consent_at: renewed ? new Date(Math.max(opened, firstApproval - rng.int(2, 48) * HOUR)) : submitted,
      submitted_at: submitted,
      verified_at: verifiedAt,
      created_at: new Date(opened),
      updated_at: verifiedAt,
    },
  };
}

/** Every step done and sent in, waiting in the admins' queue (no decision yet). */
function submitted(rng: Rng, c: TrustInput, now: Date): BulkTrustRecord {
  const nowMs = now.getTime();
  const opened = Math.min(c.createdAt.getTime() + rng.int(5, 600) * MINUTE, nowMs - 4 * HOUR);
  const at = clamp(nowMs - rng.int(1, 96) * HOUR, opened + 30 * MINUTE, nowMs - 30 * MINUTE);
  return {
    status: 'submitted',
    reviews: [],
    row: {
      ...EMPTY,
      email_verified: true,
      phone_verified: true,
      phone: c.phone,
      ...details(rng, c),
      police_record_issued_at: daysAgoDate(at, rng.int(3, 150)),
      references: references(rng),
      consent_at: at,
      submitted_at: at,
      created_at: new Date(opened),
      updated_at: at,
    },
  };
}

/** Part-way: the e-mail proved, perhaps the phone, perhaps some details; not sent in. */
function pending(rng: Rng, c: TrustInput, now: Date): BulkTrustRecord {
  const nowMs = now.getTime();
  const opened = Math.min(c.createdAt.getTime() + rng.int(5, 600) * MINUTE, nowMs - 2 * HOUR);
  const phoneDone = rng.chance(0.6);
  const withDetails = phoneDone && rng.chance(0.5);
  return {
    status: 'pending',
    reviews: [],
    row: {
      ...EMPTY,
      email_verified: true,
      phone_verified: phoneDone,
      phone: phoneDone ? c.phone : null,
      ...(withDetails ? details(rng, c) : {}),
      created_at: new Date(opened),
      updated_at: clamp(opened + rng.int(1, 30) * DAY, opened, nowMs - HOUR),
    },
  };
}

/** The record of one bulk caregiver, or null (most unverified caregivers never opened theirs). */
export function drawTrust(rng: Rng, c: TrustInput, now: Date): BulkTrustRecord | null {
  if (c.verified) return approved(rng, c, now);
  if (!rng.chance(0.3)) return null;
  return rng.chance(0.5) ? submitted(rng, c, now) : pending(rng, c, now);
}

/** The reviewer: the demo admin, else the first admin; null when the database has none. */
export async function findReviewer(tx: Tx): Promise<number | null> {
  const [demo] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  if (demo) return demo.id;
  const [any] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userType, 'admin'))
    .orderBy(users.id)
    .limit(1);
  return any?.id ?? null;
}

const COLUMNS = [
  ['user_id', 'int'],
  ['email_verified', 'boolean'],
  ['phone_verified', 'boolean'],
  ['address_verified', 'boolean'],
  ['id_verified', 'boolean'],
  ['selfie_verified', 'boolean'],
  ['background_check_verified', 'boolean'],
  ['phone', 'text'],
  ['address', 'text'],
  ['id_number', 'text'],
  ['emergency_contact', 'text'],
  ['police_record_issued_at', 'date'],
  ['references', 'jsonb'],
  ['consent_at', 'timestamptz'],
  ['status', 'text'],
  ['submitted_at', 'timestamptz'],
  ['reviews', 'jsonb'],
  ['verified_at', 'timestamptz'],
  ['verified_by', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

/**
 * Writes the records of one batch. `reviewer` signs every decision; without an admin in the database
 * verified_by stays null and the reviews carry 0 (a jsonb field, no foreign key to break).
 */
export async function insertTrust(
  tx: Tx,
  records: readonly { userId: number; record: BulkTrustRecord }[],
  reviewer: number | null,
): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map(({ userId, record }) => {
    const reviews: StepReviews = Object.fromEntries(
      record.reviews.map((r) => [
        r.step,
        { approved: true, reason: null, by: reviewer ?? 0, at: r.at.toISOString() },
      ]),
    );
    return {
      ...record.row,
      user_id: userId,
      status: record.status,
      reviews: JSON.stringify(reviews),
      verified_by: record.status === 'approved' ? reviewer : null,
    };
  });
  await run(tx, unnestInsert(verifications, rows, COLUMNS, ['id']));
}
