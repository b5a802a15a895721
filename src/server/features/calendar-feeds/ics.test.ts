import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingEvent, bookingSummary, householdName, placeOf, timeOffEvent } from './feed-events';
import { dateStamp, escapeText, foldLine, type IcsEvent, renderCalendar, utcStamp } from './ics';
import type { CalendarBooking } from './ports';
import { readFeed, unfold } from './testing';

/** Reads a TEXT value back (§3.3.11), as a calendar does. */
const unescapeText = (v: string) =>
  v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

const booking = (over: Partial<CalendarBooking> = {}): CalendarBooking => ({
  id: 7,
  status: 'confirmed',
  startsAt: new Date('2026-12-01T14:00:00Z'),
  endsAt: new Date('2026-12-01T16:00:00Z'),
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  side: 'family',
  caregiverFirstName: 'Shanique',
  familyFirstName: 'Paula',
  familyLastName: 'Brown',
  recipientFirstName: null,
  town: 'Half Way Tree',
  parish: 'St. Andrew',
  ...over,
});

describe('the RFC 5545 writer', () => {
  it('escapes TEXT: backslash, semicolon, comma and line breaks; drops other control characters', () => {
    expect(escapeText('Ann, Marie; Jr\\x')).toBe('Ann\\, Marie\\; Jr\\\\x');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('bell\u0007 tab\t')).toBe('bell tab\t');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const escaped = escapeText(s);
        expect(escaped).not.toMatch(/[\r\n]/);
        const expected = [...s.replace(/\r\n?/g, '\n')]
          .filter((c) => c === '\t' || c === '\n' || (c >= ' ' && c !== '\u007f'))
          .join('');
        expect(unescapeText(escaped)).toBe(expected);
      }),
    );
  });

  it('folds lines at 75 octets, continuations starting with a space, never inside a UTF-8 character', () => {
    const long = `SUMMARY:${'Care with Shanique '.repeat(10)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
    expect(unfold(folded)).toBe(long);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        const line = `DESCRIPTION:${escapeText(s)}`;
        const out = foldLine(line);
        for (const physical of out.split('\r\n')) {
          expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
          // A cut inside a character would leave a replacement character when decoded.
          expect(Buffer.from(physical, 'utf8').toString('utf8')).toBe(physical);
        }
        expect(unfold(out)).toBe(line);
      }),
    );
  });

  it('writes UTC date-times with a Z and whole days as dates', () => {
    expect(utcStamp(new Date('2026-12-01T14:05:09.123Z'))).toBe('20261201T140509Z');
    expect(dateStamp('2026-12-01')).toBe('20261201');
    expect(() => dateStamp('1 Dec')).toThrow();
  });

  it('writes a calendar with CRLF line ends, the required properties and one VEVENT per event', () => {
    const event: IcsEvent = {
      uid: 'booking-7@yaadcare.jm',
      lastModified: new Date('2026-11-20T10:00:00Z'),
      start: { at: new Date('2026-12-01T14:00:00Z') },
      end: { at: new Date('2026-12-01T16:00:00Z') },
      summary: 'Care with Shanique',
      location: 'Half Way Tree, St. Andrew',
      status: 'CONFIRMED',
      transparency: 'OPAQUE',
      url: 'http://localhost:5000/bookings#booking-7',
    };
    const text = renderCalendar({
      prodId: '-//YaadCare//Test//EN',
      name: 'YaadCare',
      stamp: new Date('2026-11-28T12:00:00Z'),
      timeZone: 'America/Jamaica',
      events: [event],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { calendar, events } = readFeed(text);
    expect(calendar.VERSION.value).toBe('2.0');
    expect(calendar.CALSCALE.value).toBe('GREGORIAN');
    expect(calendar['X-WR-CALNAME'].value).toBe('YaadCare');
    expect(calendar.PRODID.value).toBe('-//YaadCare//Test//EN');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      UID: { value: 'booking-7@yaadcare.jm' },
      DTSTAMP: { value: '20261128T120000Z' },
      'LAST-MODIFIED': { value: '20261120T100000Z' },
      DTSTART: { value: '20261201T140000Z' },
      DTEND: { value: '20261201T160000Z' },
      LOCATION: { value: 'Half Way Tree\\, St. Andrew' },
      STATUS: { value: 'CONFIRMED' },
      URL: { value: 'http://localhost:5000/bookings#booking-7' },
    });
  });
});

describe('what the feed says of each event', () => {
  it('names a booking from the user’s side: care with the caregiver, or care for the household or recipient', () => {
    expect(bookingSummary(booking())).toBe('Care with Shanique');
    expect(bookingSummary(booking({ recipientFirstName: 'Hyacinth' }))).toBe(
      'Care with Shanique for Hyacinth',
    );
    expect(bookingSummary(booking({ side: 'caregiver' }))).toBe('Care for the Browns');
    expect(bookingSummary(booking({ side: 'caregiver', familyLastName: 'Jones' }))).toBe(
      'Care for the Joneses',
    );
    expect(bookingSummary(booking({ side: 'caregiver', familyLastName: ' ' }))).toBe('Care for Paula');
    expect(bookingSummary(booking({ side: 'caregiver', recipientFirstName: 'Hyacinth' }))).toBe(
      'Care for Hyacinth',
    );
    expect(householdName('Williams')).toBe('Williamses');
    expect(householdName('Campbell')).toBe('Campbells');
  });

  it('places it by town and parish only, and maps statuses', () => {
    expect(placeOf('Kingston', 'Kingston')).toBe('Kingston');
    expect(placeOf('Mandeville', 'Manchester')).toBe('Mandeville, Manchester');
    expect(placeOf(null, 'Manchester')).toBe('Manchester');
    expect(placeOf(null, null)).toBeNull();
    expect(bookingEvent(booking({ status: 'pending' }), 'https://x.test').status).toBe('TENTATIVE');
    expect(bookingEvent(booking({ status: 'awaiting_approval' }), 'https://x.test').status).toBe('TENTATIVE');
    expect(bookingEvent(booking({ status: 'cancelled' }), 'https://x.test').status).toBe('CANCELLED');
    expect(bookingEvent(booking(), 'https://x.test')).toMatchObject({
      uid: 'booking-7@yaadcare.jm',
      status: 'CONFIRMED',
      url: 'https://x.test/bookings#booking-7',
      transparency: 'OPAQUE',
    });
  });

  it('makes time off whole days or Jamaica times, and skips a range that is none', () => {
    expect(timeOffEvent({ id: 3, from: '2026-12-24', to: '2026-12-26' })).toMatchObject({
      uid: 'timeoff-3@yaadcare.jm',
      summary: 'Time off',
      start: { date: '2026-12-24' },
      end: { date: '2026-12-27' },
      transparency: 'OPAQUE',
    });
    expect(
      timeOffEvent({ id: 4, from: '2026-12-31', to: '2026-12-31', startTime: '13:00', endTime: '17:30' }),
    ).toMatchObject({
      start: { at: new Date('2026-12-31T18:00:00Z') },
      end: { at: new Date('2026-12-31T22:30:00Z') },
    });
    expect(timeOffEvent({ id: 5, from: '2026-12-31', to: '2026-12-30' })).toBeUndefined();
    expect(timeOffEvent({ id: 6, from: 'soon', to: '2026-12-30' })).toBeUndefined();
    expect(
      timeOffEvent({ id: 7, from: '2026-12-31', to: '2026-12-31', startTime: '17:00', endTime: '09:00' }),
    ).toBeUndefined();
  });
});
