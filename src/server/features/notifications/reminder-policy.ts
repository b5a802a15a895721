import type { ChannelPolicy } from './channel-policy';
import { preferencesPolicy } from './channel-preferences';
import { verifiedPhone } from './phone';

/**
 * Where a booking reminder goes (issue 21): the user's own preferences for booking updates, and SMS only
 * when their plan includes reminders by SMS. With it, the reminder is also texted to their verified phone
 * even if booking-update SMS is off (that is what the plan sells); without it, never by SMS. Quiet hours
 * hold it like any non-critical notice.
 */
export function reminderPolicy(smsReminders: boolean): ChannelPolicy {
  return async (tx, facts, at) => {
    const decision = await preferencesPolicy(tx, facts, at);
    const others = decision.destinations.filter((d) => d.channel !== 'sms');
    if (!smsReminders) return { ...decision, destinations: others };
    if (decision.destinations.some((d) => d.channel === 'sms')) return decision;
    const phone = await verifiedPhone(tx, facts.userId);
    return phone ? { ...decision, destinations: [...others, { channel: 'sms', to: phone }] } : decision;
  };
}
