import type { MeetingView } from '../../../shared/contracts/meetings';

const HOUR = 3_600_000;

/** A meeting as its party sees it (a caregiver's request to answer by default). */
export function makeMeeting(overrides: Partial<MeetingView> = {}): MeetingView {
  const base = Date.now() + 48 * HOUR;
  return {
    id: 7,
    status: 'requested',
    mode: 'video',
    minutes: 15,
    place: null,
    note: 'Would love to meet first.',
    proposedTimes: [new Date(base).toISOString(), new Date(base + 24 * HOUR).toISOString()],
    startsAt: null,
    endsAt: null,
    turn: 'caregiver',
    side: 'caregiver',
    other: { userId: 21, name: 'Natalie R.' },
    caregiverId: 11,
    careRequestId: null,
    circleId: null,
    declineReason: null,
    videoUrl: null,
    outcome: null,
    can: { accept: true, propose: true, decline: true, cancel: true, outcome: false },
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
