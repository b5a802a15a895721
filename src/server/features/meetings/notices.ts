import {
  MEETING_MODE_LABELS,
  MEETING_PLACE_LABELS,
  type MeetingMode,
  type MeetingPlace,
} from '../../../shared/contracts/meetings';
import { formatMemberTime } from '../../../shared/member-time';
import { initial } from '../../../shared/public-profile';
import type { OutboxNotice } from '../../core/notice-types';
import type { MeetingPerson } from './repo';

/** 'Marcia C.': how one party names the other in a meeting. */
export const displayName = (p: Pick<MeetingPerson, 'firstName' | 'lastName'>) =>
  `${p.firstName} ${initial(p.lastName)}.`.trim();

/** 'Tue, Dec 3, 10:00 AM Jamaica' in the recipient's own zone with Jamaica's beside it when different. */
export function describeTime(at: Date, timeZone: string | null | undefined): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone ?? 'America/Jamaica',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(at);
  return `${day}, ${formatMemberTime(at, timeZone)}`;
}

/** '30-minute video call' / '15-minute meeting in person (a public place)'. */
export function describeMeeting(m: { mode: MeetingMode; minutes: number; place: MeetingPlace | null }) {
  if (m.mode === 'in_person')
    return `${m.minutes}-minute meeting in person (${(m.place ? MEETING_PLACE_LABELS[m.place] : 'place to agree').toLowerCase()})`;
  return `${m.minutes}-minute ${MEETING_MODE_LABELS[m.mode].toLowerCase()}`;
}

export type MeetingNoticeEvent =
  | 'requested'
  | 'proposed'
  | 'confirmed'
  | 'declined'
  | 'cancelled'
  | 'reminder';

interface NoticeFacts {
  /** Who acted (for a reminder: the other party). */
  from: string;
  what: string;
  /** The times on the table, or the agreed time, in the recipient's zone. */
  times: string[];
  reason?: string | null;
  videoUrl?: string | null;
}

const list = (times: string[]) => times.map((t) => `• ${t}`).join('\n');

const TEXTS: Record<MeetingNoticeEvent, (f: NoticeFacts) => { title: string; body: string }> = {
  requested: (f) => ({
    title: `${f.from} asks to meet you`,
    body: `${f.from} asks for a free ${f.what} before booking. Please accept one of these times, propose others, or decline:\n${list(f.times)}`,
  }),
  proposed: (f) => ({
    title: `${f.from} proposed other meeting times`,
    body: `${f.from} proposed other times for your ${f.what}. Please accept one, propose others, or decline:\n${list(f.times)}`,
  }),
  confirmed: (f) => ({
    title: `Meeting confirmed with ${f.from}`,
    body: `Your ${f.what} with ${f.from} is confirmed for ${f.times[0]}.${f.videoUrl ? ` Join the video call at ${f.videoUrl}` : ''}`,
  }),
  declined: (f) => ({
    title: `${f.from} declined the meeting`,
    body: `${f.from} declined the ${f.what}.${f.reason ? ` They said: ${f.reason}` : ''}`,
  }),
  cancelled: (f) => ({
    title: `${f.from} cancelled the meeting`,
    body: `${f.from} cancelled the ${f.what}${f.times[0] ? ` (${f.times[0]})` : ''}.`,
  }),
  reminder: (f) => ({
    title: `Reminder: meeting with ${f.from} in an hour`,
    body: `Your ${f.what} with ${f.from} starts ${f.times[0]}.${f.videoUrl ? ` Join the video call at ${f.videoUrl}` : ''}`,
  }),
};

/** One meeting notice for `to` (in-app, and by their channels for booking updates), leading to /meetings. */
export function meetingNotice(
  event: MeetingNoticeEvent,
  to: MeetingPerson,
  facts: Omit<NoticeFacts, 'times'> & { times: Date[] },
  publicUrl?: string,
): OutboxNotice {
  const { title, body } = TEXTS[event]({
    ...facts,
    times: facts.times.map((t) => describeTime(t, to.timeZone)),
  });
  const link = '/meetings';
  return {
    userId: to.userId,
    email: to.email,
    kind: `meeting.${event}`,
    title,
    body,
    link,
    mail: {
      subject: `YaadCare: ${title}`,
      text: `Hi ${to.firstName},\n\n${body}\n\nOpen your meetings: ${publicUrl ?? ''}${link}\n\nNo money moves for a meeting.`,
    },
    startsAt: event === 'cancelled' || event === 'reminder' ? facts.times[0] : undefined,
  };
}
