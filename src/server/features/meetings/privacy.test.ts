import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetings } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { SCRUBBERS } from '../../wiring/privacy-hooks';
import { meetingPrivacy } from './privacy';

describe.each(DB_KINDS)('meetings and privacy on %s', (kind) => {
  const clock = new Date();
  const t = useTestApp(kind, {}, () => clock);

  it('exports both parties’ meetings (the outcome only to the family), and a scrub removes them', async () => {
    const family = await t.signedIn({ userType: 'family' });
    const cg = await t.signedInCaregiver();
    const time = new Date(clock.getTime() + 5 * 3_600_000).toISOString();
    const res = await t.injectAs(family, {
      method: 'POST',
      url: '/api/meetings',
      payload: {
        caregiverId: cg.caregiver.id,
        mode: 'phone',
        minutes: 15,
        proposedTimes: [time],
        note: 'Hi',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    await t.db.update(meetings).set({ outcome: 'not_a_fit' }).where(eq(meetings.id, id));

    const mine = (await t.injectAs(family, { method: 'GET', url: '/api/me/export' })).json();
    expect(mine.meetings).toMatchObject([{ id, asked: true, note: 'Hi', outcome: 'not_a_fit' }]);
    const theirs = (await t.injectAs(cg, { method: 'GET', url: '/api/me/export' })).json();
    expect(theirs.meetings).toMatchObject([{ id, asked: false, outcome: null }]);

    expect(SCRUBBERS).toContain(meetingPrivacy.scrub);
    await t.db.transaction((tx) => meetingPrivacy.scrub(tx, cg.user));
    expect(await t.db.select().from(meetings).where(eq(meetings.id, id))).toEqual([]);
  });
});
