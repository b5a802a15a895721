import { type AppError, forbidden } from '../../errors';
import type { Person } from './message-view';

type Party = Pick<Person, 'userType' | 'isSupport'>;

export const ADMIN_AS_SUPPORT = 'Admins answer as YaadCare Support from the admin page.';

/**
 * Who may write to whom: a family to caregivers and a caregiver to families; anyone to YaadCare Support
 * and support to anyone. Returns the refusal text, or null when allowed.
 */
export function messagingRefusal(sender: Party, receiver: Party): string | null {
  if (sender.isSupport) return null;
  if (sender.userType === 'admin') return ADMIN_AS_SUPPORT;
  if (receiver.isSupport) return null;
  if (receiver.userType === 'admin') return 'You can only message families, caregivers and YaadCare Support.';
  if (sender.userType === receiver.userType) {
    return sender.userType === 'family'
      ? 'Families can message caregivers, not other families.'
      : 'Caregivers can message families, not other caregivers.';
  }
  return null;
}

/** Why `sender` may not write to `receiver` now (role rule, suspension, blocks), or null when they may. */
export function refusalBetween(
  sender: Party,
  receiver: Person,
  blocks: { blockedByMe: boolean; blockedMe: boolean },
): AppError | null {
  const refusal = messagingRefusal(sender, receiver);
  if (refusal) return forbidden(refusal, 'MESSAGING_NOT_ALLOWED');
  if (receiver.suspendedAt) return forbidden('This user is not available.', 'MESSAGING_NOT_ALLOWED');
  if (sender.isSupport) return null;
  if (blocks.blockedByMe)
    return forbidden('You have blocked this user. Unblock them to send messages.', 'USER_BLOCKED');
  if (blocks.blockedMe) return forbidden("You can't send messages to this user.", 'USER_BLOCKED');
  return null;
}
