import { formatMemberTime } from '../../../shared/member-time';
import type { Tx } from '../../db/client';
import type { CircleRow } from '../circles';
import type { BookingCircleRules } from './booking-context';
import type { BookingJoined } from './repo';
import { caregiverSees } from './repo';

export interface Notice {
  title: string;
  body: string;
}

/** One person a booking notice goes to, with the words meant for them. */
export interface NoticeParty {
  side: 'family' | 'caregiver';
  userId: number;
  email: string;
  name: string;
  notice: Notice;
}

/** The facts the circle texts name. */
export interface CircleNoticeFacts {
  when: string;
  caregiver: string;
  total: string;
  /** Who made the change: a payer's first name for an approval's answer. */
  actorFirstName: string | null;
}

/** A member abroad also reads the start in their own time: "It starts at 10:00 AM Toronto (9:00 AM Jamaica)." */
function withLocalStart(notice: Notice, startsAt: Date, timeZone: string | null): Notice {
  const text = formatMemberTime(startsAt, timeZone);
  if (text.endsWith(' Jamaica') && !text.includes('(')) return notice;
  return { ...notice, body: `${notice.body} It starts at ${text}.` };
}

/** The words for the approval stage of a circle booking (the caregiver hears nothing of it). */
function approvalStageNotice(
  event: string,
  circle: CircleRow,
  b: BookingJoined['b'],
  f: CircleNoticeFacts,
  who: { isPayer: boolean; isRequester: boolean; otherPayers: number },
): Notice | undefined {
  const whom = circle.recipientFirstName;
  const why =
    b.approvalReason === 'over_cap'
      ? 'It would take this month over a payer’s spending cap.'
      : 'The circle asks a payer to approve every booking.';
  switch (event) {
    case 'awaiting_approval':
      // The one who asked never approves their own request (ADR 0039): say so, and what happens instead.
      if (who.isPayer && who.isRequester)
        return {
          title: 'Waiting for another payer’s approval',
          body:
            who.otherPayers > 0
              ? `The request to book ${f.caregiver} for ${whom} on ${f.when} (total ${f.total}) waits for another payer’s approval. ${why} You asked for it, so another payer approves or declines it; if nobody does within 24 hours, it expires.`
              : `The request to book ${f.caregiver} for ${whom} on ${f.when} (total ${f.total}) needs a payer’s approval. ${why} You asked for it and you are the circle’s only payer, so it cannot be approved unless another payer joins and approves it within 24 hours; otherwise it expires and nothing is charged.`,
        };
      return who.isPayer
        ? {
            title: `Approve a booking for ${whom}?`,
            body: `${f.caregiver} for ${whom} on ${f.when} (total ${f.total}) waits for a payer’s approval. ${why} Approve or decline it in the app; if nobody does within 24 hours, it expires.`,
          }
        : {
            title: 'Waiting for approval',
            body: `The request to book ${f.caregiver} for ${whom} on ${f.when} (total ${f.total}) waits for a payer’s approval. ${why} ${f.caregiver} sees it once it is approved.`,
          };
    case 'declined':
      return {
        title: 'Booking not approved',
        body: `${f.actorFirstName ?? 'A payer'} declined the request to book ${f.caregiver} for ${whom} on ${f.when} (total ${f.total}). ${f.caregiver} was not asked, and nothing is charged.`,
      };
    case 'expired':
      return {
        title: 'Approval request expired',
        body: `Nobody approved the request to book ${f.caregiver} for ${whom} on ${f.when} (total ${f.total}) in time, so it has expired. ${f.caregiver} was not asked, and nothing is charged.`,
      };
    case 'cancelled':
      return {
        title: 'Booking request cancelled',
        body: `The request to book ${f.caregiver} for ${whom} on ${f.when} (total ${f.total}) was cancelled before it was approved. ${f.caregiver} was not asked, and nothing is charged.`,
      };
    default:
      return undefined;
  }
}

/**
 * Who hears of a care circle booking's change: every member of the circle (and the coordinator who booked,
 * should they have left it) with the family's words; the caregiver with theirs, but only once a payer has
 * approved it. During the approval stage the members get that stage's words (payers are asked to decide).
 */
export async function circleNoticeParties(
  circles: Pick<BookingCircleRules, 'members'>,
  tx: Tx,
  joined: BookingJoined,
  circle: CircleRow,
  event: string,
  facts: CircleNoticeFacts,
  standard: { family: Notice; caregiver: Notice } | undefined,
): Promise<NoticeParty[]> {
  const b = joined.b;
  const members = await circles.members(tx, circle.id);
  const people = [...members];
  if (!people.some((m) => m.userId === joined.fu.id))
    people.push({
      userId: joined.fu.id,
      firstName: joined.fu.firstName,
      email: joined.fu.email,
      roles: [],
      monthlyCapJmd: null,
      timeZone: null,
      payerConsentedAt: null,
    });
  const stage = !caregiverSees(b) || event === 'awaiting_approval';
  const approvedNow = event === 'pending' && b.approvalState === 'approved';
  const approvedNotice: Notice = {
    title: 'Booking approved',
    body: `${facts.actorFirstName ?? 'A payer'} approved booking ${facts.caregiver} for ${circle.recipientFirstName} on ${facts.when} (total ${facts.total}). The request is now with ${facts.caregiver}; we will tell you when they answer.`,
  };
  const parties: NoticeParty[] = [];
  for (const m of people) {
    const notice = stage
      ? approvalStageNotice(event, circle, b, facts, {
          isPayer: m.roles.includes('payer'),
          isRequester: m.userId === b.familyId,
          otherPayers: members.filter((p) => p.roles.includes('payer') && p.userId !== b.familyId).length,
        })
      : approvedNow
        ? approvedNotice
        : standard?.family;
    if (notice)
      parties.push({
        side: 'family',
        userId: m.userId,
        email: m.email,
        name: m.firstName,
        notice: withLocalStart(notice, b.startsAt, m.timeZone),
      });
  }
  if (!stage && standard)
    parties.push({
      side: 'caregiver',
      userId: joined.cg.userId,
      email: joined.cu.email,
      name: joined.cu.firstName,
      notice: standard.caregiver,
    });
  return parties;
}
