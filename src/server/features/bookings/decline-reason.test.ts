import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createBooking } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

/**
 * Issue 32, defect 6: Decline was one tap with nothing to say why. The spec's call (no body) still declines;
 * a reason, when given, is one of a few and reaches the family in the notice; anything else is a 400 and
 * changes nothing; only the booking's caregiver may decline.
 */
describe.each(DB_KINDS)('declining with a reason on %s', (kind) => {
  const t = useTestApp(kind);
  const decline = (who: Parameters<typeof t.injectAs>[0], id: number, payload?: unknown) =>
    t.injectAs(who, { method: 'POST', url: `/api/bookings/${id}/decline`, payload: payload as object });

  it('tells the family the reason; the spec call without a body still declines', async () => {
    const family = await t.signedIn({ firstName: 'Natalie' });
    const caregiver = await t.signedInCaregiver();
    const other = await t.signedInCaregiver();
    const base = {
      familyId: family.user.id,
      caregiverId: caregiver.caregiver.id,
      status: 'pending' as const,
    };
    const first = await createBooking(t.db, { ...base, date: '2099-03-02' });
    const second = await createBooking(t.db, { ...base, date: '2099-03-03' });

    const bad = await decline(caregiver, first.id, { reason: 'rude' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/reason must be one of unavailable, too_far/);
    // Another caregiver may not decline it, with or without a reason.
    expect((await decline(other, first.id, { reason: 'too_far' })).statusCode).toBe(404);
    expect(
      (await t.injectAs(caregiver, { method: 'GET', url: `/api/bookings/${first.id}` })).json().status,
    ).toBe('pending');

    const withReason = await decline(caregiver, first.id, { reason: 'too_far' });
    expect(withReason.statusCode).toBe(200);
    expect(withReason.json().status).toBe('declined');
    const plain = await decline(caregiver, second.id);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().status).toBe('declined');

    const told = await t.db.select().from(notifications).where(eq(notifications.userId, family.user.id));
    const bodies = told.filter((n) => n.title === 'Booking declined').map((n) => n.body);
    expect(bodies).toHaveLength(2);
    expect(bodies.filter((b) => b.includes('They said: too far to travel.'))).toHaveLength(1);
    expect(bodies.filter((b) => b.includes('They said'))).toHaveLength(1);
  });
});
