import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody } from '../bookings/testing';
import { createCircle, join, request } from './testing';

/**
 * The circle policy through the messaging routes: messaging stays between two people. The coordinator
 * who books talks with the caregiver; the circle's payer and viewer do not read that conversation (it is
 * not theirs), and the caregiver learns of no member but the one who wrote.
 */
describe.each(DB_KINDS)('a care circle and messaging on %s', (kind) => {
  const t = useTestApp(kind);

  it("keeps the coordinator's conversation with the caregiver from other members and the caregiver from them", async () => {
    const coordinator = await signedIn(t.db, { userType: 'family', firstName: 'Devon' });
    const circle = await createCircle(t.app, coordinator);
    const payer = await join(t.app, t.db, circle.id, coordinator, 'payer', { lastName: 'Abroad' });
    const viewer = await join(t.app, t.db, circle.id, coordinator, 'viewer', { lastName: 'Cousin' });
    const stranger = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db);
    const booked = await request(t.app, 'POST', '/api/bookings', coordinator, {
      ...panelBody(cg.caregiver.id, daysAhead(5), '9:00 AM', 2),
      circleId: circle.id,
    });
    expect(booked.statusCode).toBe(201);
    const secret = 'The gate code for Mummy is 4417';
    const sent = await request(t.app, 'POST', `/api/conversations/${cg.user.id}/messages`, coordinator, {
      content: secret,
    });
    expect(sent.statusCode).toBe(201);
    const reply = await request(t.app, 'POST', `/api/conversations/${coordinator.user.id}/messages`, cg, {
      content: 'Thank you, I will keep it safe',
    });
    expect(reply.statusCode).toBe(201);

    for (const member of [payer, viewer, stranger]) {
      const thread = await request(t.app, 'GET', `/api/conversations/${cg.user.id}/messages`, member);
      expect(thread.statusCode).toBe(200);
      expect(thread.json().messages).toEqual([]);
      const latest = await request(t.app, 'GET', '/api/messages', member);
      expect(latest.body).not.toContain('gate code');
      const list = await request(t.app, 'GET', '/api/conversations', member);
      expect(list.json()).toEqual([]);
    }
    // The coordinator's own thread holds both messages.
    const own = await request(t.app, 'GET', `/api/conversations/${cg.user.id}/messages`, coordinator);
    expect(own.json().messages.map((m: { content: string }) => m.content)).toEqual([
      secret,
      'Thank you, I will keep it safe',
    ]);

    // The caregiver's conversations and the booking name nobody else of the circle.
    const theirs = await request(t.app, 'GET', '/api/conversations', cg);
    expect(theirs.json().map((c: { user: { id: number } }) => c.user.id)).toEqual([coordinator.user.id]);
    const booking = await request(t.app, 'GET', `/api/bookings/${booked.json().id}`, cg);
    expect(booking.statusCode).toBe(200);
    for (const other of [payer, viewer]) {
      expect(booking.body).not.toContain(other.user.email);
      expect(booking.body).not.toContain(other.user.lastName);
      expect(booking.body).not.toMatch(new RegExp(`"(payerId|approvalBy|userId)":${other.user.id}\\b`));
    }
  });
});
