import { eq } from 'drizzle-orm';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../../../shared/member-time';
import { quietEndsAt } from '../../../shared/quiet-hours';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { ChannelPolicy, Destination } from './channel-policy';
import { verifiedPhone } from './phone';
import { getGroupSwitches, getQuietHours } from './preferences';

/** The zone a user's quiet hours are read in (Jamaica when theirs is missing or unknown). */
async function timeZoneOf(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return (row && canonicalTimeZone(row.timeZone)) ?? DEFAULT_TIME_ZONE;
}

/**
 * The user's own choice of channels and time (ADR 0036):
 * - destinations: e-mail when that group's e-mail is on; SMS and WhatsApp when on AND the user has a
 *   verified phone (a switch left on for a number since changed sends nothing until the new one is proved);
 * - critical notices (cancellation within 24 h, no-show, incident, emergency) go on every channel the user
 *   allows for the group, at once: quiet hours do not hold them back, but an explicit opt-out is respected
 *   (the in-app notice, which the outbox always writes, still reaches them);
 * - otherwise, inside quiet hours, `notBefore` is when they end on the user's own clock;
 * - marketing is never critical and, like every group, only goes where it is switched on.
 */
export const preferencesPolicy: ChannelPolicy = async (tx, facts, at) => {
  const switches = await getGroupSwitches(tx, facts.userId, facts.group);
  const destinations: Destination[] = [];
  if (switches.email) destinations.push({ channel: 'email', to: facts.email });
  if (switches.sms || switches.whatsapp) {
    const phone = await verifiedPhone(tx, facts.userId);
    if (phone && switches.sms) destinations.push({ channel: 'sms', to: phone });
    if (phone && switches.whatsapp) destinations.push({ channel: 'whatsapp', to: phone });
  }
  const critical = facts.critical && facts.group !== 'marketing';
  if (critical || destinations.length === 0) return { destinations };
  const quiet = await getQuietHours(tx, facts.userId);
  if (!quiet.enabled) return { destinations };
  const notBefore = quietEndsAt(at, quiet, await timeZoneOf(tx, facts.userId));
  return notBefore ? { destinations, notBefore } : { destinations };
};
