import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatureGate, PlanFeature } from '../../../shared/plan-features';
import { jamaicaToday } from '../../../shared/time';
import { bookings } from '../../db/schema';
import { bearer, createBooking, createCaregiver, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { bookingLookups } from '../bookings/service';
import { plansOf } from '../plans/testing';
import { createRebookService } from './rebook';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Favourites' one-tap rebook (issue 21): a Family Plan feature, refused on the server without it. */
describe.each(DB_KINDS)('one-tap rebook of a favourite on %s', (kind) => {
  const t = useTestApp(kind);
  const plans = new Map<number, PlanFeature[]>();
  const gate: FeatureGate = { allows: async (userId, f) => plans.get(Number(userId))?.includes(f) ?? false };
  let family: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let carer: Awaited<ReturnType<typeof createCaregiver>>;
  let token: string;
  const today = jamaicaToday(new Date());

  beforeAll(async () => {
    const db = t.database.db;
    family = await createUser(db, { firstName: 'Paula' });
    other = await createUser(db);
    carer = await createCaregiver(db);
    token = await loginToken(t.app, family.email);
    // Last booked a 5-hour afternoon (an end time, not a panel length) with notes; an older morning one.
    await createBooking(db, {
      familyId: family.id,
      caregiverId: carer.caregiver.id,
      date: addDays(today, -30),
      startHour: 8,
      hours: 2,
      status: 'completed',
    });
    const last = await createBooking(db, {
      familyId: family.id,
      caregiverId: carer.caregiver.id,
      date: addDays(today, -7),
      startHour: 14,
      hours: 5,
      status: 'completed',
    });
    await db
      .update(bookings)
      .set({ notes: 'Pick up Kayla from school first' })
      .where(eq(bookings.id, last.id));
    // A request the caregiver declined is no template.
    await createBooking(db, {
      familyId: family.id,
      caregiverId: carer.caregiver.id,
      date: addDays(today, -2),
      startHour: 18,
      status: 'declined',
    });
  });

  const service = () =>
    createRebookService({
      db: t.database.db,
      bookings: t.app.services.bookings,
      gate,
      records: bookingLookups,
    });

  it('refuses a family on Basic with 403 PLAN_REQUIRED before reading the body, and tells them why', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/favourites/${carer.caregiver.id}/rebook`,
      headers: bearer(token),
      payload: { nonsense: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PLAN_REQUIRED');
    expect(res.json().message).toContain('Family Plan');
    const options = await t.app.inject({
      method: 'GET',
      url: `/api/favourites/${carer.caregiver.id}/rebook`,
      headers: bearer(token),
    });
    expect(options.json()).toMatchObject({ allowed: false, last: { startTime: '14:00', duration: 5 } });
    // A caregiver and a visitor are refused by the access rule.
    const cg = await loginToken(t.app, carer.user.email);
    const asCarer = await t.app.inject({
      method: 'POST',
      url: `/api/favourites/${carer.caregiver.id}/rebook`,
      headers: bearer(cg),
      payload: { date: addDays(today, 5) },
    });
    expect(asCarer.statusCode).toBe(403);
    expect(asCarer.json().code).not.toBe('PLAN_REQUIRED');
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/favourites/${carer.caregiver.id}/rebook`,
      payload: { date: addDays(today, 5) },
    });
    expect(anon.statusCode).toBe(401);
    await expect(
      service().rebook(family, carer.caregiver.id, { date: addDays(today, 5) }),
    ).rejects.toMatchObject({ statusCode: 403, code: 'PLAN_REQUIRED' });
  });

  it('on the Family Plan, repeats the last confirmed or completed booking on the new date, pending for the caregiver', async () => {
    plans.set(family.id, ['favourites_rebook']);
    const date = addDays(today, 6);
    const view = await service().rebook(family, carer.caregiver.id, { date });
    expect(view).toMatchObject({ date, startTime: '14:00', endTime: '19:00', status: 'pending' });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, view.id));
    expect(row.notes).toBe('Pick up Kayla from school first');
    expect(row.duration).toBe(5);
    // Another start time on request; the same slot again is the bookings rule's 409.
    const morning = await service().rebook(family, carer.caregiver.id, { date, startTime: '8:00 AM' });
    expect(morning).toMatchObject({ startTime: '08:00', endTime: '13:00' });
    await expect(service().rebook(family, carer.caregiver.id, { date })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await service().options(family, carer.caregiver.id)).toMatchObject({ allowed: true });
  });

  it('refuses to repeat what never happened (404) and never another family’s booking', async () => {
    plans.set(other.id, ['favourites_rebook']);
    await expect(
      service().rebook(other, carer.caregiver.id, { date: addDays(today, 9) }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await service().options(other, carer.caregiver.id)).toEqual({ allowed: true, last: null });
  });

  it('through the API: refused on Basic, allowed once the family subscribes to the Family Plan', async () => {
    const other = await createUser(t.database.db);
    await createBooking(t.database.db, {
      familyId: other.id,
      caregiverId: carer.caregiver.id,
      date: addDays(today, -14),
      startHour: 7,
      status: 'completed',
    });
    const who = { headers: bearer(await loginToken(t.app, other.email)) };
    const rebook = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/favourites/${carer.caregiver.id}/rebook`,
        ...who,
        payload: { date: addDays(today, 11) },
      });
    expect((await rebook()).json().code).toBe('PLAN_REQUIRED');
    expect((await plansOf(() => t.app).subscribe(who, 'family')).statusCode).toBe(201);
    const res = await rebook();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ startTime: '07:00', endTime: '09:00', status: 'pending' });
  });
});
