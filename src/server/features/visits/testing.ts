import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { visitEntries } from '../../db/schema';
import { createBooking } from '../../test/factories';
import { type DbKind, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { createCircle, join, type Person, request } from '../circles/testing';

/** Test helpers for the visit log (not used by the app). */

const MIN = 60_000;

/**
 * An app on its own database whose clock the test sets (`w.clock = …`), with a family, a care circle (its
 * coordinator, a payer and a viewer), a stranger and an admin, and a maker of confirmed visits.
 */
export function useVisitWorld(kind: DbKind) {
  const w = {
    clock: new Date('2030-01-01T12:00:00Z'),
    circleId: 0,
    people: {} as Record<'family' | 'coordinator' | 'viewer' | 'payer' | 'stranger' | 'admin', Person>,
  };
  const t = useTestApp(kind, {}, () => w.clock);

  beforeAll(async () => {
    const p = w.people;
    p.family = await signedIn(t.db, { userType: 'family', firstName: 'Paula' });
    p.coordinator = await signedIn(t.db, { userType: 'family', firstName: 'Andre' });
    w.circleId = (await createCircle(t.app, p.coordinator)).id;
    p.viewer = await join(t.app, t.db, w.circleId, p.coordinator, 'viewer', { firstName: 'Abroad' });
    p.payer = await join(t.app, t.db, w.circleId, p.coordinator, 'payer', { firstName: 'Sandra' });
    p.stranger = await signedIn(t.db, { userType: 'family' });
    p.admin = await signedIn(t.db, { userType: 'admin' });
  });

  let day = 0;
  /** A 2-hour (or `hours`) visit at 9:00 Jamaica on a fresh day, with its own caregiver (Marcia Campbell). */
  async function visit(opts: { circle?: boolean; status?: 'confirmed' | 'pending'; hours?: number } = {}) {
    const cg = await signedInCaregiver(t.db, { user: { firstName: 'Marcia', lastName: 'Campbell' } });
    day++;
    const booking = await createBooking(t.db, {
      familyId: (opts.circle ? w.people.coordinator : w.people.family).user.id,
      caregiverId: cg.caregiver.id,
      date: `2030-03-${String(day).padStart(2, '0')}`,
      startHour: 9,
      hours: opts.hours ?? 2,
      status: opts.status ?? 'confirmed',
      circleId: opts.circle ? w.circleId : null,
    });
    const start = booking.startsAt.getTime();
    return { cg, id: booking.id, at: (minutesFromStart: number) => new Date(start + minutesFromStart * MIN) };
  }

  let n = 0;
  return {
    t,
    w,
    /** The app's database (callers use `db()`; same as `t.db`). */
    db: () => t.db,
    visit,
    /** A fresh client-made id. */
    cid: () => `client-${kind}-${++n}-abcdef`,
    post: (who: Person | undefined, id: number | string, what: string, body: unknown) =>
      request(t.app, 'POST', `/api/bookings/${id}/${what}`, who, body),
    getLog: (who: Person | undefined, id: number) => request(t.app, 'GET', `/api/bookings/${id}/log`, who),
    entriesOf: (id: number) => t.db.select().from(visitEntries).where(eq(visitEntries.bookingId, id)),
  };
}
