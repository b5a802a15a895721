import { sql } from 'drizzle-orm';
import { WEEKDAYS } from '../../shared/catalog';
import { CARE_REQUEST_RULES } from '../../shared/contracts/care-requests';
import { addJamaicaDays } from '../../shared/contracts/payments';
import { jamaicaToday } from '../../shared/time';
import type { Tx } from '../db/client';
import { rows } from '../db/raw-rows';
import { careRequestApplications, careRequests } from '../db/schema';
import { DEMO_CAREGIVER_EMAIL } from './logins';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7];

/** The first Monday–Friday date at least `days` after `now` in Jamaica (demo caregivers work weekdays). */
function weekdayAhead(now: Date, days: number): string {
  let d = addJamaicaDays(jamaicaToday(now), days);
  while (['saturday', 'sunday'].includes(weekdayOf(d))) d = addJamaicaDays(d, 1);
  return d;
}

interface DemoRequest {
  familyId: number;
  kind: string;
  parish: string;
  town: string;
  startIn: number;
  startTime: string;
  hours: number;
  weekdays: string[];
  budget: [number, number];
  skills: string[];
  description: string;
  postedHoursAgo: number;
  messages: string[];
}

const MESSAGES = {
  'senior-care': [
    'I have cared for elders for six years, including a gentleman with diabetes. I am patient and I cook.',
    'Nurse aide with CPR and first aid. I live close by and can start on the date you need.',
    'I looked after my own grandmother until last year. Gentle, on time, and I keep a daily log.',
  ],
  'child-care': [
    'Early childhood teacher for four years. Homework help and healthy snacks are my favourite part.',
    'I have two references from families in the area and I am CPR certified.',
    'Calm and playful; I can do school pick-up and stay until you get home.',
  ],
} as Record<string, string[]>;

/**
 * Two open care requests with applicants (issue 21, ADR 0038): one from the demo family (Natalie, so the
 * family login shows "My care requests" with applicants side by side) and one from another demo family.
 * Applicants are listed caregivers who fit (kind, parish, weekday availability), never the demo caregiver
 * login, whose data the browser tests rely on. Nothing else is written (no booking, no notice).
 */
export async function seedDemoCareRequests(tx: Tx, now: Date, demoFamilyId: number): Promise<number> {
  const [family] = await rows<{ id: number; parish: string; location: string }>(
    tx,
    sql`select id, parish, location from users where id = ${demoFamilyId} and parish is not null`,
  );
  const [other] = await rows<{ id: number; parish: string; location: string }>(
    tx,
    sql`select u.id, u.parish, u.location from users u
        where u.user_type = 'family' and u.id <> ${demoFamilyId} and u.parish is not null
          and u.email like ${'%@demo.yaadcare.jm'} and u.parish <> ${family?.parish ?? ''}
          and (select count(*) from caregivers c where c.is_listed and c.user_parish = u.parish
                and 'child-care' = any(c.kinds)) >= 2
        order by u.id limit 1`,
  );
  const requests: DemoRequest[] = [];
  if (family)
    requests.push({
      familyId: family.id,
      kind: 'senior-care',
      parish: family.parish,
      town: family.location ?? family.parish,
      startIn: 5,
      startTime: '09:00',
      hours: 4,
      weekdays: ['monday', 'wednesday', 'friday'],
      budget: [1200, 2000],
      skills: ['Meal Preparation', 'Light Housekeeping'],
      description:
        'My mother is 78 and lives with us. She needs company in the mornings, help with breakfast and lunch, her tablets at noon and a short walk when the weather is good.',
      postedHoursAgo: 30,
      messages: MESSAGES['senior-care'],
    });
  if (other)
    requests.push({
      familyId: other.id,
      kind: 'child-care',
      parish: other.parish,
      town: other.location ?? other.parish,
      startIn: 3,
      startTime: '14:00',
      hours: 4,
      weekdays: [],
      budget: [1000, 1600],
      skills: ['Homework Help', 'School Age Care'],
      description:
        'After-school care for our two boys (7 and 10): pick-up from school, a snack, homework and play until we get home at six.',
      postedHoursAgo: 8,
      messages: MESSAGES['child-care'],
    });

  let written = 0;
  for (const r of requests) {
    const startDate = weekdayAhead(now, r.startIn);
    const careDays = r.weekdays.length > 0 ? r.weekdays : [weekdayOf(startDate)];
    const createdAt = new Date(now.getTime() - r.postedHoursAgo * HOUR);
    const [row] = await tx
      .insert(careRequests)
      .values({
        familyId: r.familyId,
        kind: r.kind,
        parish: r.parish,
        town: r.town,
        startDate,
        startTime: r.startTime,
        hours: r.hours,
        weekdays: r.weekdays,
        careDays,
        budgetMinJmd: r.budget[0],
        budgetMaxJmd: r.budget[1],
        skills: r.skills,
        description: r.description,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + CARE_REQUEST_RULES.openDays * DAY),
      })
      .returning({ id: careRequests.id });
    const fitting = await rows<{ id: number; hourly_rate: string }>(
      tx,
      sql`select c.id, c.hourly_rate::text as hourly_rate from caregivers c join users u on u.id = c.user_id
          where c.is_listed and ${r.kind} = any(c.kinds) and c.user_parish = ${r.parish}
            and lower(u.email) <> ${DEMO_CAREGIVER_EMAIL}
            and exists (select 1 from unnest(${`{${careDays.join(',')}}`}::text[]) d
              where coalesce((c.weekly_availability ->> d)::boolean, false))
          order by c.id limit 3`,
    );
    for (const [i, c] of fitting.entries()) {
      const at = new Date(createdAt.getTime() + (i + 1) * 2 * HOUR);
      await tx.insert(careRequestApplications).values({
        requestId: row.id,
        caregiverId: c.id,
        message: r.messages[i % r.messages.length],
        hourlyRate: c.hourly_rate,
        createdAt: at,
        updatedAt: at,
      });
    }
    written++;
  }
  return written;
}
