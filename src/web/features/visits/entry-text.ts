import {
  VISIT_RULES,
  type VisitEntry,
  type VisitEntryDetails,
  type VisitEntryKind,
} from '../../../shared/contracts/visits';
import { formatMemberTime } from '../../../shared/member-time';

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
