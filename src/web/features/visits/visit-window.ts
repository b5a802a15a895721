import { VISIT_MESSAGES, VISIT_RULES } from '../../../shared/contracts/visits';
import { formatMemberTime } from '../../../shared/member-time';
import type { VisitSummary } from './api';

export type CheckInWindow = { open: true } | { open: false; reason: string };

/**
 * Whether the caregiver may check in now, by the server's rule (ADR 0028): a confirmed booking, from 30
 * minutes before its start until its end. The server decides again; this only explains the button.
 */
export function checkInWindow(
  s: Pick<VisitSummary, 'status' | 'startsAt' | 'endsAt'>,
  now: Date,
): CheckInWindow {
  if (s.status !== 'confirmed') return { open: false, reason: VISIT_MESSAGES.notConfirmed };
  const opens = new Date(s.startsAt).getTime() - VISIT_RULES.checkInEarlyMs;
  if (now.getTime() < opens) {
    return {
      open: false,
      reason: `Check-in opens at ${formatMemberTime(new Date(opens), null)}, 30 minutes before the visit starts.`,
    };
  }
  if (now.getTime() >= new Date(s.endsAt).getTime()) return { open: false, reason: VISIT_MESSAGES.ended };
  return { open: true };
}
