import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { jamaicaToday } from '../../../shared/time';
import { createBooking } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { createCalendarFeedService } from './service';
import { feedApi } from './testing';

/**
 * The feed read back by a well-kept iCalendar parser, ical.js (Mozilla's, behind Thunderbird's calendar;
 * a devDependency): what a calendar app would make of it. The writer's own rules are also tested without it
 * (ics.test.ts, calendar-feeds.test.ts).
 */
const DAY = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = new Map(
    calendar.getAllSubcomponents('vevent').map((v) => {
      const event = new ICAL.Event(v);
      const status = v.getFirstPropertyValue('status');
      const transp = v.getFirstPropertyValue('transp');
      return [event.uid, { event, status, transp }];
    }),
  );
  return { calendar, events };
}

describe.each(DB_KINDS)('the calendar feed read by ical.js on %s', (kind) => {
  const clock = new Date('2026-11-28T15:00:00Z');
  const t = useTestApp(kind, {}, () => clock);
  const today = jamaicaToday(clock);

  it('parses as one VCALENDAR whose events carry back exactly what was written, escapes undone', async () => {
    const carer = await t.signedInCaregiver({ user: { firstName: 'Ann, Marie; "Jr"\\' } });
    const family = await t.signedIn({ userType: 'family', location: 'Mandeville', parish: 'Manchester' });
    const confirmed = await createBooking(t.db, {
      familyId: family.user.id,
      caregiverId: carer.caregiver.id,
      date: addDays(today, 2),
      startHour: 9,
      hours: 3,
      status: 'confirmed',
    });
    const pending = await createBooking(t.db, {
      familyId: family.user.id,
      caregiverId: carer.caregiver.id,
      date: addDays(today, 5),
      status: 'pending',
    });
    const api = feedApi(t.app);
    const { path } = await api.open(family);
    const { calendar, events } = parse((await api.fetch(path)).body);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(String(calendar.getFirstPropertyValue('prodid'))).toMatch(/YaadCare/);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('YaadCare');

    const one = events.get(`booking-${confirmed.id}@yaadcare.jm`);
    expect(one?.event.summary).toBe('Care with Ann, Marie; "Jr"\\');
    expect(one?.event.location).toBe('Mandeville, Manchester');
    expect(one?.event.startDate.toJSDate().getTime()).toBe(confirmed.startsAt.getTime());
    expect(one?.event.endDate.toJSDate().getTime()).toBe(confirmed.endsAt.getTime());
    expect(one?.event.description).toContain('\n');
    expect(one?.status).toBe('CONFIRMED');
    expect(events.get(`booking-${pending.id}@yaadcare.jm`)?.status).toBe('TENTATIVE');
  });

  it('reads meetings and whole-day and timed time off from the ports', async () => {
    const carer = await t.signedInCaregiver();
    const service = createCalendarFeedService({
      db: t.db,
      publicUrl: 'https://yaadcare.test',
      now: () => clock,
      bookingsOf: async () => [],
      meetingsOf: async () => [
        {
          id: 5,
          startsAt: new Date('2026-12-02T15:00:00Z'),
          endsAt: new Date('2026-12-02T15:30:00Z'),
          title: 'Meet Paula, by phone; 30 minutes',
          mode: 'phone',
        },
      ],
      timeOffOf: async () => [
        { id: 8, from: '2026-12-24', to: '2026-12-26' },
        { id: 9, from: '2026-12-31', to: '2026-12-31', startTime: '13:00', endTime: '17:00' },
      ],
    });
    const { url } = await service.create(carer.user.id);
    const { events } = parse(await service.render(new URL(url).pathname.slice('/calendar/'.length)));
    expect(events.get('meeting-5@yaadcare.jm')?.event.summary).toBe('Meet Paula, by phone; 30 minutes');
    const days = events.get('timeoff-8@yaadcare.jm');
    expect(days?.event.startDate.isDate).toBe(true);
    expect(days?.event.startDate.toString()).toBe('2026-12-24');
    expect(days?.event.endDate.toString()).toBe('2026-12-27');
    expect(days?.transp).toBe('OPAQUE');
    const hours = events.get('timeoff-9@yaadcare.jm');
    expect(hours?.event.startDate.toJSDate().toISOString()).toBe('2026-12-31T18:00:00.000Z');
    expect(hours?.event.endDate.toJSDate().toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });
});
