import { POLICE_RECORD_VALID_MONTHS } from './contracts/verification';

// When a police record certificate is too old (verification, and the directory's trust fields).

export function addMonthsIso(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

export const todayIso = (now: Date) => now.toISOString().slice(0, 10);

/** The day a police record issued on `issuedOn` turns 12 months old. */
export function policeRecordExpiresOn(issuedOn: string): string {
  return addMonthsIso(issuedOn, POLICE_RECORD_VALID_MONTHS);
}

export function isPoliceRecordStale(issuedOn: string | null, now: Date): boolean {
  return issuedOn !== null && policeRecordExpiresOn(issuedOn) <= todayIso(now);
}
