import { AUTO_COMPLETE_HOURS } from '../../../shared/booking-rules';
import {
  VISIT_RULES,
  type VisitEntry,
  type VisitEntryDetails,
  type VisitEntryKind,
} from '../../../shared/contracts/visits';
import { formatMemberTime } from '../../../shared/member-time';
import { formatDate } from '../../lib/format';

export const KIND_LABELS: Record<VisitEntryKind, string> = {
  check_in: 'Checked in',
  check_out: 'Checked out',
  note: 'Note',
  meal: 'Meal',
  medication: 'Medication given',
  vitals: 'Vitals',
  activity: 'Activity',
  incident: 'Incident',
  photo: 'Photo',
};

/** What an entry says, in one line: "Paracetamol, 500 mg at 14:00", "BP 120/80 mmHg · 36.8 °C". */
export function entryText(kind: VisitEntryKind, d: VisitEntryDetails): string {
  switch (kind) {
    case 'medication':
      return [`${d.name ?? ''}, ${d.dose ?? ''} at ${d.time ?? ''}`, d.text].filter(Boolean).join(' · ');
    case 'vitals':
      return [
        d.bloodPressure ? `Blood pressure ${d.bloodPressure} mmHg` : null,
        d.glucose !== undefined ? `Glucose ${d.glucose} mmol/L` : null,
        d.temperature !== undefined ? `Temperature ${d.temperature} °C` : null,
        d.text,
      ]
        .filter(Boolean)
        .join(' · ');
    case 'incident':
      return `${d.severity ? `${d.severity[0].toUpperCase()}${d.severity.slice(1)} severity: ` : ''}${d.text ?? ''}`;
    case 'photo':
      return d.caption ?? '';
    default:
      return d.text ?? '';
  }
}

/** An instant in the reader's own zone with Jamaica beside it (Jamaica alone for a reader there). */
export const entryTime = (iso: string, timeZone: string | null | undefined) =>
  formatMemberTime(new Date(iso), timeZone);

/** A span in words: "45 min", "2 h", "2 h 55 min", "1 day 3 h" (rounded down to the minute). */
export function spanInWords(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = [days ? `${days} ${days === 1 ? 'day' : 'days'}` : '', hours ? `${hours} h` : ''];
  if (!days && (mins || !hours)) parts.push(`${mins} min`);
  return parts.filter(Boolean).join(' ');
}

/** The time the log shows an entry at: the one the rules count (ADR 0040), the phone's for older answers. */
export const entryShownAt = (e: VisitEntry) => e.effectiveAt ?? e.recordedAt;

/**
 * The note beside an entry that reached the server more than 5 minutes after it was recorded (ADR 0040):
 * "Sent 2 h 55 min after it was recorded." when its recorded time counts (the phone was offline), else the
 * phone's time and that it counts from its arrival. Null when it came in time.
 */
export function sentLateNote(e: VisitEntry, timeZone: string | null | undefined): string | null {
  const recorded = Date.parse(e.recordedAt);
  const late = Date.parse(e.receivedAt) - recorded;
  if (!(late > VISIT_RULES.sentLateNoteMs)) return null;
  const span = spanInWords(late);
  const shown = Date.parse(entryShownAt(e));
  if (Math.abs(shown - recorded) < 60_000) return `Sent ${span} after it was recorded.`;
  return `Recorded on the phone at ${entryTime(e.recordedAt, timeZone)} and sent ${span} later: counted from when it arrived.`;
}

/**
 * The "Checked out" line of a visit without a check-out entry (issue 32): once the visit is completed or its
 * booked end passed, what the server knows instead of "Not yet". A booking completes when its caregiver marks
 * it after the end, or by itself AUTO_COMPLETE_HOURS after the end (the bookings lifecycle job).
 */
export function missingCheckOutText(
  visit: { status: string; endsAt: string; completedAt?: string | null },
  now: Date,
  timeZone: string | null | undefined,
): string {
  // The day in Jamaica, then the time as the member reads it: "March 2, 2030 at 1:05 PM Jamaica".
  const dayAndTime = (iso: string) => `${formatDate(iso)} at ${entryTime(iso, timeZone)}`;
  const end = dayAndTime(visit.endsAt);
  if (visit.status === 'completed' && visit.completedAt) {
    const at = dayAndTime(visit.completedAt);
    const automatic =
      Date.parse(visit.completedAt) >= Date.parse(visit.endsAt) + AUTO_COMPLETE_HOURS * 3_600_000;
    return automatic
      ? `No check-out was recorded. The visit was completed automatically on ${at}, ${AUTO_COMPLETE_HOURS} hours after its booked end (${end}).`
      : `No check-out was recorded. The visit was marked completed on ${at}, after its booked end (${end}).`;
  }
  if (visit.status === 'completed')
    return `No check-out was recorded. The visit is completed; its booked end was ${end}.`;
  if (Date.parse(visit.endsAt) <= now.getTime())
    return `No check-out was recorded. The booked end was ${end}.`;
  return 'Not yet';
}
