import { randomBytes } from 'node:crypto';
import { MEETING_RULES, type MeetingSide, type MeetingStatus } from '../../../shared/contracts/meetings';
import { badRequest } from '../../errors';

const DAY = 86_400_000;

/**
 * The proposed times as instants, earliest first: each at least 2 hours ahead of `now` and at most 60 days
 * ahead (the contract already made them 1..3 distinct ISO date-times). A 400 names the time at fault.
 */
export function checkProposedTimes(times: readonly string[], now: Date, field = 'proposedTimes'): Date[] {
  const earliest = now.getTime() + MEETING_RULES.minLeadMs;
  const latest = now.getTime() + MEETING_RULES.maxAheadDays * DAY;
  const errors: { path: string; message: string }[] = [];
  const instants = times.map((t, i) => {
    const at = new Date(t);
    if (at.getTime() < earliest)
      errors.push({ path: `${field}.${i}`, message: 'Each time must be at least 2 hours from now.' });
    else if (at.getTime() > latest)
      errors.push({
        path: `${field}.${i}`,
        message: `Each time must be within ${MEETING_RULES.maxAheadDays} days from now.`,
      });
    return at;
  });
  if (errors.length > 0) throw badRequest(errors[0].message, errors);
  return instants.sort((a, b) => a.getTime() - b.getTime());
}

/** Whose answer a meeting waits for: the caregiver's on a request, the family's on a counter-proposal. */
export function turnOf(status: MeetingStatus): MeetingSide | null {
  if (status === 'requested') return 'caregiver';
  if (status === 'proposed') return 'family';
  return null;
}

/** The status after `side` proposes times: it becomes the other side's turn. */
export const statusAfterProposalBy = (side: MeetingSide): MeetingStatus =>
  side === 'caregiver' ? 'proposed' : 'requested';

/**
 * A private room name on the video service: 128 bits from the OS's CSPRNG as 32 hex characters, so the
 * link cannot be guessed and two meetings never share a room (ADR 0047).
 */
export const newVideoRoom = () => `YaadCare-${randomBytes(16).toString('hex')}`;

/** What `side` may do on a meeting at `now` (`acts`: a viewer-only circle member can do nothing). */
export function abilities(
  m: { status: MeetingStatus; startsAt: Date | null },
  side: MeetingSide,
  acts: boolean,
  now: Date,
) {
  const myTurn = acts && turnOf(m.status) === side;
  const started = m.startsAt !== null && m.startsAt.getTime() <= now.getTime();
  return {
    accept: myTurn,
    propose: myTurn,
    decline: myTurn,
    cancel:
      acts && (m.status === 'requested' || m.status === 'proposed' || (m.status === 'confirmed' && !started)),
    outcome: acts && side === 'family' && (m.status === 'confirmed' || m.status === 'completed') && started,
  };
}
