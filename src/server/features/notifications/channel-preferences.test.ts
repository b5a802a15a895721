import { describe, expect, it } from 'vitest';
import type { PreferenceMatrix } from '../../../shared/contracts/notification-preferences';
import { notificationPhones, verifications } from '../../db/schema';
import { createUser } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import type { NoticeFacts } from './channel-policy';
import { preferencesPolicy } from './channel-preferences';
import { getPreferenceMatrix, setPreferenceMatrix, setQuietHours } from './preferences';

const PHONE = '+18765550177';

describe.each(DB_KINDS)('preferencesPolicy on %s', (kind) => {
  const t = useTestApp(kind);
  // 15:00 UTC = 10:00 Jamaica = 11:00 Toronto (daylight time) on 1 June 2026.
  const noon = new Date('2026-06-01T15:00:00Z');

  async function person(opts: { timeZone?: string; phone?: 'verified' | 'pending' } = {}) {
    const user = await createUser(t.db, { timeZone: opts.timeZone });
    if (opts.phone) {
      await t.db
        .insert(notificationPhones)
        .values({ userId: user.id, phone: PHONE, verifiedAt: opts.phone === 'verified' ? noon : null });
    }
    const facts = (group: NoticeFacts['group'], critical = false): NoticeFacts => ({
      userId: user.id,
      email: user.email,
      group,
      critical,
    });
    return { user, facts };
  }
  async function turn(userId: number, patch: Partial<PreferenceMatrix>) {
    await setPreferenceMatrix(t.db, userId, { ...(await getPreferenceMatrix(t.db, userId)), ...patch });
  }

  it('by default: e-mail for every group but marketing, no texts, no waiting', async () => {
    const { facts } = await person({ phone: 'verified' });
    for (const g of ['bookings', 'visits', 'messages', 'reviews', 'support'] as const) {
      expect(await preferencesPolicy(t.db, facts(g), noon)).toEqual({
        destinations: [{ channel: 'email', to: facts(g).email }],
      });
    }
    expect(await preferencesPolicy(t.db, facts('marketing'), noon)).toEqual({ destinations: [] });
  });

  it('SMS and WhatsApp go to a verified phone only', async () => {
    const on = { email: false, sms: true, whatsapp: true };
    const verified = await person({ phone: 'verified' });
    await turn(verified.user.id, { bookings: on });
    expect((await preferencesPolicy(t.db, verified.facts('bookings'), noon)).destinations).toEqual([
      { channel: 'sms', to: PHONE },
      { channel: 'whatsapp', to: PHONE },
    ]);
    const pending = await person({ phone: 'pending' });
    await turn(pending.user.id, { bookings: on });
    expect((await preferencesPolicy(t.db, pending.facts('bookings'), noon)).destinations).toEqual([]);
    const none = await person();
    await turn(none.user.id, { bookings: on });
    expect((await preferencesPolicy(t.db, none.facts('bookings'), noon)).destinations).toEqual([]);
  });

  it('a caregiver’s phone verified in verification receives texts', async () => {
    const { user, facts } = await person();
    await t.db.insert(verifications).values({ userId: user.id, phone: '+18765550178', phoneVerified: true });
    await turn(user.id, { visits: { email: true, sms: true, whatsapp: false } });
    expect((await preferencesPolicy(t.db, facts('visits'), noon)).destinations).toEqual([
      { channel: 'email', to: user.email },
      { channel: 'sms', to: '+18765550178' },
    ]);
  });

  it('quiet hours hold a notice until they end on the user’s own clock (Toronto)', async () => {
    const { user, facts } = await person({ timeZone: 'America/Toronto', phone: 'verified' });
    await turn(user.id, { messages: { email: true, sms: true, whatsapp: false } });
    await setQuietHours(t.db, user.id, { enabled: true, start: '22:00', end: '07:00' });
    // 23:30 Toronto (EDT) = 03:30Z; quiet until 07:00 Toronto = 11:00Z.
    const late = new Date('2026-06-02T03:30:00Z');
    const decision = await preferencesPolicy(t.db, facts('messages'), late);
    expect(decision.notBefore).toEqual(new Date('2026-06-02T11:00:00Z'));
    expect(decision.destinations.map((d) => d.channel)).toEqual(['email', 'sms']);
    // Outside them, and with them off: at once.
    expect((await preferencesPolicy(t.db, facts('messages'), noon)).notBefore).toBeUndefined();
    await setQuietHours(t.db, user.id, { enabled: false, start: '22:00', end: '07:00' });
    expect((await preferencesPolicy(t.db, facts('messages'), late)).notBefore).toBeUndefined();
  });

  it('critical notices ignore quiet hours but respect an explicit opt-out', async () => {
    const { user, facts } = await person({ phone: 'verified' });
    await setQuietHours(t.db, user.id, { enabled: true, start: '00:00', end: '23:59' });
    await turn(user.id, { bookings: { email: true, sms: true, whatsapp: false } });
    const critical = await preferencesPolicy(t.db, facts('bookings', true), noon);
    expect(critical.notBefore).toBeUndefined();
    expect(critical.destinations.map((d) => d.channel)).toEqual(['email', 'sms']);
    expect((await preferencesPolicy(t.db, facts('bookings'), noon)).notBefore).toBeDefined();
    await turn(user.id, { bookings: { email: false, sms: false, whatsapp: false } });
    expect(await preferencesPolicy(t.db, facts('bookings', true), noon)).toEqual({ destinations: [] });
  });

  it('one user’s choices never decide another’s', async () => {
    const a = await person({ phone: 'verified' });
    const b = await person();
    await turn(a.user.id, { reviews: { email: false, sms: true, whatsapp: false } });
    expect((await preferencesPolicy(t.db, b.facts('reviews'), noon)).destinations).toEqual([
      { channel: 'email', to: b.user.email },
    ]);
  });
});
