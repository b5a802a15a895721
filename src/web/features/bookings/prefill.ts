import { isCalendarDate } from '../../../shared/booking-rules';
import { START_TIMES } from './booking-form';

/**
 * What a link to the booking form may fill in (`?date=yyyy-MM-dd&start=9:00 AM`), e.g. "Book" after a
 * meeting (ADR 0047): only a real calendar date not before `today` (Jamaica) and one of the form's start
 * times; anything else is ignored and the form keeps its own draft.
 */
export function draftFromSearch(search: string, today: string): { date?: string; startTime?: string } {
  const q = new URLSearchParams(search);
  const out: { date?: string; startTime?: string } = {};
  const date = q.get('date');
  if (date && isCalendarDate(date) && date >= today) out.date = date;
  const start = q.get('start');
  if (start && START_TIMES.includes(start)) out.startTime = start;
  return out;
}
