import type { VisitEntryDetails, VisitEntryKind } from '../../../shared/contracts/visits';
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
