// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jamaicaToday } from '../../../../shared/time';
import { renderRoute } from '../../../test/render';
import type { Conversation } from '../api';
import { ConversationList } from './conversation-list';

const at = (daysAgo: number, clock: string) =>
  new Date(`${jamaicaToday(new Date(Date.now() - daysAgo * 86_400_000))}T${clock}:00-05:00`).toISOString();

function conversation(id: number, firstName: string, createdAt: string): Conversation {
  return {
    user: {
      id,
      firstName,
      lastName: 'Brown',
      profileImageUrl: null,
      userType: 'caregiver',
      isSupport: false,
    },
    lastMessage: { id, senderId: id, receiverId: 1, content: 'Hello', isRead: true, readAt: null, createdAt },
    unreadCount: 0,
  } as unknown as Conversation;
}

describe('ConversationList', () => {
  it('says "Yesterday, 12:05 PM" for a last message of yesterday, not "12:05 PM" (issue 32 item 14)', () => {
    renderRoute(
      <ConversationList
        conversations={[conversation(7, 'Shanique', at(1, '12:05'))]}
        hrefFor={(id) => `/messages?with=${id}`}
        meId={1}
      />,
    );
    expect(screen.getByText('Yesterday, 12:05 PM').tagName).toBe('TIME');
  });
});
