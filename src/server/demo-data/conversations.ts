import type { CaregiverPlan } from './caregivers';
import { KIND_PROFILES, THANK_YOU_THREADS } from './content';
import type { DemoContext } from './context';
import { clockLabel, DAY, dayLabel, daytimeBefore, HOUR } from './dates';
import type { Family } from './families';
import { DEMO_CAREGIVER_EMAIL, DEMO_FAMILY_EMAIL } from './logins';
import type { Rng } from './random';
import type { BookingRow, MessageRow } from './rows';
import { fillTemplate, fitsTime } from './text-templates';

/** The messages written so far, and when each family–caregiver pair was already talking. */
export interface Conversations {
  messages: MessageRow[];
  familyByEmail: Map<string, Family>;
  threadSpans: Map<string, [number, number][]>;
}

export function startConversations(families: readonly Family[]): Conversations {
  return {
    messages: [],
    familyByEmail: new Map(families.map((f) => [f.user.email, f])),
    threadSpans: new Map<string, [number, number][]>(),
  };
}

/** One caregiver's conversations with the families of their bookings (`mine`). */
export function drawConversations(
  ctx: DemoContext,
  plan: CaregiverPlan,
  mine: BookingRow[],
  conversations: Conversations,
): void {
  const { rng, now } = ctx;
  const { messages, familyByEmail, threadSpans } = conversations;
  const cg = plan.row;
  const isDemo = plan.forced !== undefined;
  // Messages around upcoming requests, and thank-yous after some completed bookings. A pair's
  // conversations never overlap in time, so threads read in order.
  const addThread = (thread: MessageRow[]) => {
    if (thread.length === 0) return;
    const from = thread[0].createdAt.getTime();
    const to = thread[thread.length - 1].createdAt.getTime();
    const pairKey = `${thread[0].senderEmail}|${thread[0].receiverEmail}`;
    const taken = threadSpans.get(pairKey) ?? [];
    if (taken.some(([a, z]) => from <= z + HOUR && to >= a - HOUR)) return;
    taken.push([from, to]);
    threadSpans.set(pairKey, taken);
    messages.push(...thread);
  };
  for (const b of mine) {
    const family = familyByEmail.get(b.familyEmail)!;
    const vars = {
      cg: plan.user.firstName,
      fam: family.first,
      day: dayLabel(b.date),
      time: clockLabel(Number(b.startTime.slice(0, 2))),
      hours: b.duration === 1 ? '1 hour' : `${b.duration} hours`,
      town: plan.town,
    };
    const demoPair = isDemo && b.familyEmail === DEMO_FAMILY_EMAIL;
    if (b.status === 'confirmed' || b.status === 'pending') {
      const start = daytimeBefore(rng, b.createdAt, now);
      const startHour = Number(b.startTime.slice(0, 2));
      const fitting = KIND_PROFILES[b.kind].threads.filter((t) => fitsTime(t, startHour, b.duration));
      let lines = rng.pick(fitting.length > 0 ? fitting : KIND_PROFILES[b.kind].threads).lines;
      // A request still pending has not been answered: the conversation ends with the family.
      if (b.status === 'pending') lines = lines.slice(0, lines.findLastIndex(([who]) => who === 'f') + 1);
      addThread(
        makeThread(rng, now, lines, vars, b.familyEmail, cg.email, start, demoPair || rng.chance(0.6)),
      );
    } else if (b.status === 'completed' && (demoPair || rng.chance(0.3))) {
      const start = new Date(b.endsAt.getTime() + rng.int(2, 20) * HOUR);
      if (start.getTime() >= now.getTime() - HOUR) continue;
      addThread(
        makeThread(
          rng,
          now,
          rng.pick(THANK_YOU_THREADS),
          vars,
          b.familyEmail,
          cg.email,
          start,
          rng.chance(0.3),
        ),
      );
    }
  }
}

/** Every message in time order, the demo logins each left with an unread one. */
export function finishConversations({ messages }: Conversations): MessageRow[] {
  ensureUnread(messages, DEMO_CAREGIVER_EMAIL);
  ensureUnread(messages, DEMO_FAMILY_EMAIL);
  messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return messages;
}

function makeThread(
  rng: Rng,
  now: Date,
  lines: readonly (readonly ['f' | 'c', string])[],
  vars: Record<string, string | number>,
  familyEmail: string,
  caregiverEmail: string,
  start: Date,
  leaveLastUnread: boolean,
): MessageRow[] {
  const times: number[] = [];
  let t = start.getTime();
  for (let i = 0; i < lines.length; i++) {
    times.push(t);
    t += rng.int(3, 90) * 60_000;
  }
  // Never in the future: slide the whole conversation back if needed.
  const overshoot = times[times.length - 1] - (now.getTime() - 5 * 60_000);
  const shifted = overshoot > 0 ? times.map((x) => x - overshoot) : times;
  const lastIsRecent = now.getTime() - shifted[shifted.length - 1] < 3 * DAY;
  return lines.map(([who, text], i) => {
    const createdAt = new Date(shifted[i]);
    const isLast = i === lines.length - 1;
    const isRead = !(isLast && leaveLastUnread && lastIsRecent);
    const readAt = isRead
      ? new Date(
          Math.min(
            shifted[i] + rng.int(1, 45) * 60_000,
            isLast ? now.getTime() - 60_000 : shifted[i + 1],
            now.getTime() - 60_000,
          ),
        )
      : null;
    return {
      senderEmail: who === 'f' ? familyEmail : caregiverEmail,
      receiverEmail: who === 'f' ? caregiverEmail : familyEmail,
      content: fillTemplate(text, vars),
      isRead,
      readAt: readAt && readAt.getTime() < createdAt.getTime() ? createdAt : readAt,
      createdAt,
    };
  });
}

/**
 * The demo logins must land on an unread message: if they have none, the newest message they
 * received and have not answered since becomes unread.
 */
function ensureUnread(messages: MessageRow[], email: string): void {
  const received = messages.filter((m) => m.receiverEmail === email);
  if (received.length === 0 || received.some((m) => !m.isRead)) return;
  const unanswered = received.filter(
    (m) =>
      !messages.some(
        (r) => r.senderEmail === email && r.receiverEmail === m.senderEmail && r.createdAt > m.createdAt,
      ),
  );
  if (unanswered.length === 0) return;
  const newest = unanswered.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
  newest.isRead = false;
  newest.readAt = null;
}
