import type { Message } from '../../../shared/contracts/messages';
import type { messages } from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;

export function toMessage(m: MessageRow, sentByAdmin?: string | null): Message {
  return {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    isRead: m.isRead,
    readAt: m.readAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
    ...(sentByAdmin === undefined ? {} : { sentByAdmin }),
  };
}

/** A user as messaging sees them: who they are, whether they can be written to, whether they are support. */
export type Person = {
  id: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  userType: 'family' | 'caregiver' | 'admin';
  suspendedAt: Date | null;
  isSupport: boolean;
};

/** What others may see of a person in a conversation (never the suspension date). */
export function publicPerson(p: Person) {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    profileImageUrl: p.profileImageUrl,
    userType: p.userType,
    isSupport: p.isSupport,
  };
}
