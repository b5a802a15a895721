import type {
  AcceptMeetingRequest,
  CreateMeetingRequest,
  DeclineMeetingRequest,
  MeetingOutcomeRequest,
  MeetingSide,
  MeetingView,
  ProposeMeetingRequest,
} from '../../../shared/contracts/meetings';
import { MEETING_RULES } from '../../../shared/contracts/meetings';
import { MESSAGES_PER_MINUTE } from '../../../shared/contracts/messages';
import type { Mail, Mailer } from '../../adapters/mailer';
import { counters } from '../../core/rate-limits/service';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Actor, MeetingDeps } from './deps';
import { describeMeeting, displayName, type MeetingNoticeEvent, meetingNotice } from './notices';
import { type JoinedMeeting, type MeetingPerson, meetingRepo as repo } from './repo';
import { abilities, checkProposedTimes, newVideoRoom, statusAfterProposalBy, turnOf } from './rules';

const DAY = 86_400_000;
const MEETING_NOT_FOUND = 'Meeting not found';

/** Sends after commit (the outbox rows are written); a failed send is retried by the deliveries job. */
export async function sendAfterCommit(mailer: Mailer, mails: Mail[]) {
  for (const m of mails) {
    try {
      await mailer.send(m);
    } catch {
      // The in-app notice and the outbox row were written in the transaction.
    }
  }
}

/** The viewer's place in a meeting: their side, and whether they may act (a circle viewer may only look). */
interface Standing {
  side: MeetingSide;
  acts: boolean;
}

/**
 * Meetings before booking (issue 33, ADR 0047): a family (or a circle's coordinator or payer) asks a
 * caregiver for a free 15- or 30-minute meeting with up to three times; turns pass between the two until one
 * accepts a time, declines or cancels. Every access decision is made here, before anything changes.
 */
export function createMeetingService(deps: MeetingDeps) {
  const { db, now, circles } = deps;
  const videoUrlOf = (room: string | null) => (room ? `${deps.videoUrl}/${room}` : null);

  /** The actor's standing in a meeting, or 404 for someone who is not one of its parties. */
  async function standingIn(tx: Tx, j: JoinedMeeting, actor: Actor): Promise<Standing> {
    if (j.caregiver.userId === actor.id) return { side: 'caregiver', acts: true };
    if (j.m.familyId === actor.id) return { side: 'family', acts: true };
    if (j.m.circleId !== null && actor.userType === 'family') {
      for (const action of ['book', 'approve'] as const)
        if ((await circles.decide(tx, j.m.circleId, actor.id, action)) === 'allowed')
          return { side: 'family', acts: true };
      if ((await circles.decide(tx, j.m.circleId, actor.id, 'view')) === 'allowed')
        return { side: 'family', acts: false };
    }
    throw notFound(MEETING_NOT_FOUND);
  }

  function view(j: JoinedMeeting, s: Standing, at: Date): MeetingView {
    const { m } = j;
    const other = s.side === 'family' ? j.caregiver : j.family;
    const confirmedVideo = m.status === 'confirmed' && m.mode === 'video' && s.acts;
    return {
      id: m.id,
      status: m.status,
      mode: m.mode,
      minutes: m.minutes,
      place: m.place,
      note: m.note,
      proposedTimes: m.status === 'requested' || m.status === 'proposed' ? m.proposedTimes : [],
      startsAt: m.startsAt?.toISOString() ?? null,
      endsAt: m.endsAt?.toISOString() ?? null,
      turn: turnOf(m.status),
      side: s.side,
      other: { userId: other.userId, name: displayName(other) },
      caregiverId: m.caregiverId,
      careRequestId: m.careRequestId,
      circleId: m.circleId,
      declineReason: m.declineReason,
      videoUrl: confirmedVideo ? videoUrlOf(m.videoRoom) : null,
      // The family's verdict is theirs: the caregiver never sees it.
      outcome: s.side === 'family' ? m.outcome : null,
      can: abilities(m, s.side, s.acts, at),
      createdAt: m.createdAt.toISOString(),
    };
  }

  /** The other party of the acting side: whom a change is told to. */
  const otherParty = (j: JoinedMeeting, side: MeetingSide): MeetingPerson =>
    side === 'family' ? j.caregiver : j.family;

  async function notify(
    tx: Tx,
    event: MeetingNoticeEvent,
    j: JoinedMeeting,
    actingSide: MeetingSide,
    at: Date,
    extra: { times: Date[]; reason?: string | null; videoUrl?: string | null },
  ): Promise<Mail[]> {
    const actor = actingSide === 'family' ? j.family : j.caregiver;
    return deps.notices.queue(
      tx,
      meetingNotice(
        event,
        otherParty(j, actingSide),
        { from: displayName(actor), what: describeMeeting(j.m), ...extra },
        deps.publicUrl,
      ),
      at,
    );
  }

  /** A meeting request counts as a message: the messages-a-minute limit, plus a daily cap on requests. */
  async function countAsMessage(tx: Tx, actor: Actor, at: Date, request: boolean) {
    await counters.consume(
      tx,
      { key: `messages:${actor.id}`, max: MESSAGES_PER_MINUTE, windowMs: 60_000 },
      at,
      `You can send at most ${MESSAGES_PER_MINUTE} messages a minute. Please wait a moment and try again.`,
    );
    if (request)
      await counters.consume(
        tx,
        { key: `meetings:request:${actor.id}`, max: MEETING_RULES.requestsPerDay, windowMs: DAY },
        at,
        `You can ask for at most ${MEETING_RULES.requestsPerDay} meetings a day. Please try again tomorrow.`,
      );
  }

  async function refuseBlocked(tx: Tx, a: number, b: number) {
    if (await repo.blockedBetween(tx, a, b))
      throw forbidden("You can't ask this person to meet.", 'USER_BLOCKED');
  }

  /** Runs `change` on the locked meeting as `actor`, then sends what it queued after commit. */
  async function change<T>(
    actor: Actor,
    id: number,
    fn: (tx: Tx, j: JoinedMeeting, s: Standing, at: Date) => Promise<{ result: T; mails: Mail[] }>,
  ): Promise<T> {
    const at = now();
    const { result, mails } = await db.transaction(async (tx) => {
      const j = await repo.lock(tx, id);
      if (!j) throw notFound(MEETING_NOT_FOUND);
      const s = await standingIn(tx, j, actor);
      if (!s.acts) throw forbidden('Only the circle’s coordinators and payers can answer meetings.');
      return fn(tx, j, s, at);
    });
    await sendAfterCommit(deps.mailer, mails);
    return result;
  }

  function requireTurn(j: JoinedMeeting, s: Standing, doing: string) {
    const turn = turnOf(j.m.status);
    if (turn === null) throw conflict(`This meeting is ${j.m.status}: it can no longer be ${doing}.`);
    if (turn !== s.side)
      throw conflict(
        `It is not your turn: the meeting waits for ${turn === 'caregiver' ? 'the caregiver' : 'the family'} to answer.`,
      );
  }

  return {
    /** A family (or a circle's coordinator or payer) asks a caregiver to meet. */
    async create(actor: Actor, body: CreateMeetingRequest): Promise<{ id: number; status: 'requested' }> {
      const at = now();
      const times = checkProposedTimes(body.proposedTimes, at);
      const { id, mails } = await db.transaction(async (tx) => {
        if (body.circleId !== undefined) {
          const decisions = await Promise.all(
            (['book', 'approve'] as const).map((a) =>
              circles.decide(tx, body.circleId as number, actor.id, a),
            ),
          );
          if (decisions.every((d) => d === 'hidden')) throw notFound('Circle not found');
          if (!decisions.includes('allowed'))
            throw forbidden("Only the circle's coordinators and payers can ask a caregiver to meet.");
        }
        const caregiver = await repo.publicCaregiver(tx, body.caregiverId);
        if (!caregiver) throw notFound('Caregiver not found');
        await refuseBlocked(tx, actor.id, caregiver.userId);
        if (body.careRequestId !== undefined) {
          const owner = await repo.careRequestFamily(tx, body.careRequestId);
          if (owner !== actor.id) throw notFound('Care request not found');
        }
        await countAsMessage(tx, actor, at, true);
        const row = await repo.insert(tx, {
          familyId: actor.id,
          caregiverId: body.caregiverId,
          circleId: body.circleId ?? null,
          careRequestId: body.careRequestId ?? null,
          mode: body.mode,
          minutes: body.minutes,
          place: body.mode === 'in_person' ? (body.place ?? null) : null,
          note: body.note ? body.note : null,
          status: 'requested',
          proposedTimes: times.map((t) => t.toISOString()),
          createdAt: at,
          updatedAt: at,
        });
        const j = await repo.get(tx, row.id);
        if (!j) throw notFound(MEETING_NOT_FOUND);
        return { id: row.id, mails: await notify(tx, 'requested', j, 'family', at, { times }) };
      });
      await sendAfterCommit(deps.mailer, mails);
      return { id, status: 'requested' };
    },

    /** The viewer's meetings: as the family who asked, as a member of the circle, or as the caregiver. */
    async list(actor: Actor): Promise<MeetingView[]> {
      const at = now();
      return db.transaction(async (tx) => {
        const caregiverId =
          actor.userType === 'caregiver' ? await repo.caregiverIdOf(tx, actor.id) : undefined;
        const circleIds = actor.userType === 'family' ? await circles.circleIdsOf(tx, actor.id) : [];
        const rows = await repo.listFor(tx, { userId: actor.id, caregiverId, circleIds });
        const out: MeetingView[] = [];
        for (const j of rows) out.push(view(j, await standingIn(tx, j, actor), at));
        return out;
      });
    },

    /** One meeting as the viewer sees it (404 for anyone not a party). */
    async get(actor: Actor, id: number): Promise<MeetingView> {
      const at = now();
      return db.transaction(async (tx) => {
        const j = await repo.get(tx, id);
        if (!j) throw notFound(MEETING_NOT_FOUND);
        return view(j, await standingIn(tx, j, actor), at);
      });
    },

    /** Whoever's turn it is takes one of the proposed times (still ahead); video meetings get their room. */
    accept: (actor: Actor, id: number, body: AcceptMeetingRequest) =>
      change(actor, id, async (tx, j, s, at) => {
        requireTurn(j, s, 'accepted');
        await refuseBlocked(tx, j.family.userId, j.caregiver.userId);
        const wanted = new Date(body.time).getTime();
        const time = j.m.proposedTimes.map((t) => new Date(t)).find((t) => t.getTime() === wanted);
        if (!time)
          throw badRequest('Please choose one of the proposed times.', [
            { path: 'time', message: 'Not one of the proposed times.' },
          ]);
        if (time.getTime() <= at.getTime())
          throw badRequest('That time has passed. Please propose new times.', [
            { path: 'time', message: 'That time has passed.' },
          ]);
        const endsAt = new Date(time.getTime() + j.m.minutes * 60_000);
        await repo.lockCaregiver(tx, j.m.caregiverId);
        if ((await repo.overlapping(tx, j.m.caregiverId, time, endsAt, j.m.id)).length > 0)
          throw conflict('The caregiver already has a meeting at that time. Please choose another time.');
        const videoRoom = j.m.mode === 'video' ? newVideoRoom() : null;
        const m = await repo.update(tx, j.m.id, {
          status: 'confirmed',
          startsAt: time,
          endsAt,
          videoRoom,
          updatedAt: at,
        });
        const videoUrl = videoUrlOf(m.videoRoom);
        const mails = await notify(tx, 'confirmed', { ...j, m }, s.side, at, { times: [time], videoUrl });
        return {
          result: {
            status: 'confirmed' as const,
            time: time.toISOString(),
            ...(videoUrl ? { videoUrl } : {}),
          },
          mails,
        };
      }),

    /** Whoever's turn it is proposes other times: the turn passes to the other side. */
    propose: (actor: Actor, id: number, body: ProposeMeetingRequest) =>
      change(actor, id, async (tx, j, s, at) => {
        requireTurn(j, s, 'changed');
        await refuseBlocked(tx, j.family.userId, j.caregiver.userId);
        const times = checkProposedTimes(body.proposedTimes, at);
        await countAsMessage(tx, actor, at, false);
        const m = await repo.update(tx, j.m.id, {
          status: statusAfterProposalBy(s.side),
          proposedTimes: times.map((t) => t.toISOString()),
          updatedAt: at,
        });
        const mails = await notify(tx, 'proposed', { ...j, m }, s.side, at, { times });
        return { result: { id: m.id, status: m.status }, mails };
      }),

    /** Whoever's turn it is declines, with an optional reason the other side reads. */
    decline: (actor: Actor, id: number, body: DeclineMeetingRequest) =>
      change(actor, id, async (tx, j, s, at) => {
        requireTurn(j, s, 'declined');
        const reason = body.reason ? body.reason : null;
        const m = await repo.update(tx, j.m.id, { status: 'declined', declineReason: reason, updatedAt: at });
        const mails = await notify(tx, 'declined', { ...j, m }, s.side, at, { times: [], reason });
        return { result: { id: m.id, status: m.status }, mails };
      }),

    /** Either party cancels before the meeting starts. */
    cancel: (actor: Actor, id: number) =>
      change(actor, id, async (tx, j, s, at) => {
        if (!abilities(j.m, s.side, true, at).cancel)
          throw conflict(
            j.m.status === 'confirmed'
              ? 'This meeting has started: it can no longer be cancelled.'
              : `This meeting is ${j.m.status}: it can no longer be cancelled.`,
          );
        const m = await repo.update(tx, j.m.id, {
          status: 'cancelled',
          cancelledBy: actor.id,
          updatedAt: at,
        });
        const mails = await notify(tx, 'cancelled', { ...j, m }, s.side, at, {
          times: j.m.startsAt ? [j.m.startsAt] : [],
        });
        return { result: { id: m.id, status: m.status }, mails };
      }),

    /** The family's private verdict after the meeting ('not_a_fit' is never shown to the caregiver). */
    outcome: (actor: Actor, id: number, body: MeetingOutcomeRequest) =>
      change(actor, id, async (_tx, j, s, at) => {
        if (s.side !== 'family') throw forbidden('Only the family records how a meeting went.');
        if (!abilities(j.m, 'family', true, at).outcome)
          throw conflict('You can say how it went once the meeting has taken place.');
        const m = await repo.update(_tx, j.m.id, {
          status: 'completed',
          outcome: body.outcome,
          outcomeAt: at,
          updatedAt: at,
        });
        return { result: { id: m.id, status: m.status }, mails: [] };
      }),

    /** Reports the other party of a meeting to the YaadCare team, with the meeting named in the report. */
    async report(actor: Actor, id: number, reason: string): Promise<number> {
      const other = await db.transaction(async (tx) => {
        const j = await repo.get(tx, id);
        if (!j) throw notFound(MEETING_NOT_FOUND);
        const s = await standingIn(tx, j, actor);
        return otherParty(j, s.side).userId;
      });
      return deps.reports.report(actor, other, `Meeting #${id}: ${reason}`);
    },
  };
}

export type MeetingService = ReturnType<typeof createMeetingService>;
