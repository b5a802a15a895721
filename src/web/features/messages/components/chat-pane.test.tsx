// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jamaicaToday } from '../../../../shared/time';
import { getToasts } from '../../../components/ui/use-toast';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { backoffMs } from '../use-realtime';
import { ChatPane, SEND_FAILED } from './chat-pane';

afterEach(() => vi.restoreAllMocks());

const other = {
  id: 7,
  firstName: 'Shanique',
  lastName: 'Williams',
  profileImageUrl: null,
  userType: 'caregiver',
  isSupport: false,
};
const msg = (id: number, senderId: number, content: string, readAt: string | null = null) => ({
  id,
  senderId,
  receiverId: senderId === 1 ? 7 : 1,
  content,
  isRead: readAt !== null,
  readAt,
  createdAt: '2025-05-01T15:00:00.000Z',
});
const conversation = (messages: unknown[]) => ({
  status: 200,
  body: { user: other, messages, hasMore: false, blockedByMe: false, blockedMe: false, canMessage: true },
});

function renderChat() {
  return renderRoute(<ChatPane api={{ base: '/api/conversations', meId: 1 }} userId={7} />, {
    user: makeUser({ id: 1 }),
  });
}

describe('ChatPane', () => {
  it('reports one of their messages: the dialog offers their latest messages and sends the chosen id', async () => {
    const { calls } = stubFetch({
      'GET /api/conversations/7/messages': conversation([
        msg(1, 1, 'Hello'),
        msg(2, 7, 'Send me your bank PIN'),
        msg(3, 7, 'Or your card number'),
      ]),
      'POST /api/users/7/report': { status: 201, body: { id: 5 } },
    });
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const which = await screen.findByLabelText('Which message? (optional)');
    // Only their messages, newest first, after "the conversation as a whole".
    expect([...(which as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'The conversation as a whole',
      expect.stringMatching(/: Or your card number$/),
      expect.stringMatching(/: Send me your bank PIN$/),
    ]);
    fireEvent.change(which, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'Asked for my PIN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const isReport = (c: { method: string; url: string }) => c.method === 'POST' && c.url.endsWith('/report');
    await waitFor(() => expect(calls.some(isReport)).toBe(true));
    expect(calls.find(isReport)?.body).toEqual({
      reason: 'Asked for my PIN',
      messageId: 2,
    });
  });

  it('says "Yesterday, 12:05 PM" for a message sent yesterday in Jamaica (issue 32 item 14)', async () => {
    const yesterday = jamaicaToday(new Date(Date.now() - 86_400_000));
    stubFetch({
      'GET /api/conversations/7/messages': conversation([
        {
          ...msg(1, 7, 'See you tomorrow'),
          createdAt: new Date(`${yesterday}T12:05:00-05:00`).toISOString(),
        },
      ]),
    });
    renderChat();
    await screen.findByText('See you tomorrow');
    expect(screen.getByText('Yesterday, 12:05 PM').tagName).toBe('TIME');
  });

  it('shows a read tick only on own messages with readAt, and content as text', async () => {
    stubFetch({
      'GET /api/conversations/7/messages': conversation([
        msg(1, 1, 'Hello', '2025-05-01T15:05:00.000Z'),
        msg(2, 1, '<b>not bold</b>'),
        msg(3, 7, 'Hi!', '2025-05-01T15:06:00.000Z'),
      ]),
    });
    renderChat();
    await screen.findByText('<b>not bold</b>');
    expect(screen.getAllByTestId('read-tick')).toHaveLength(1);
    expect(screen.getAllByText('Sent')).toHaveLength(1);
    expect(document.querySelector('b')).toBeNull();
  });

  it('disables Send when empty, sends with Enter, keeps Shift+Enter for a new line', async () => {
    const { calls } = stubFetch({
      'GET /api/conversations/7/messages': conversation([]),
      'POST /api/messages': { status: 201, body: msg(9, 1, 'Line one\nLine two') },
    });
    renderChat();
    const input = await screen.findByLabelText('Message Shanique');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: 'Line one\nLine two' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input).toHaveValue(''));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ senderId: 1, receiverId: 7, content: 'Line one\nLine two' });
  });

  it("says 'Failed to send message. Please try again.' and keeps the text when sending fails", async () => {
    stubFetch({
      'GET /api/conversations/7/messages': conversation([]),
      'POST /api/messages': { status: 500, body: { message: 'boom' } },
    });
    renderChat();
    const input = await screen.findByLabelText('Message Shanique');
    fireEvent.change(input, { target: { value: 'Are you free?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: SEND_FAILED, variant: 'destructive' }));
    expect(SEND_FAILED).toBe('Failed to send message. Please try again.');
    expect(input).toHaveValue('Are you free?');
  });

  it('marks the incoming messages read up to the newest one', async () => {
    const { calls } = stubFetch({
      'GET /api/conversations/7/messages': conversation([msg(4, 7, 'One'), msg(5, 7, 'Two')]),
      'POST /api/conversations/7/read': {
        status: 200,
        body: { updated: 2, readAt: '2025-05-01T15:10:00.000Z' },
      },
    });
    renderChat();
    await screen.findByText('Two');
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/conversations/7/read')?.body).toEqual({ upToId: 5 }),
    );
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s to at most 30 s, with jitter between half and all of it', () => {
    expect(backoffMs(0, 1)).toBe(1000);
    expect(backoffMs(0, 0)).toBe(500);
    expect(backoffMs(3, 1)).toBe(8000);
    expect(backoffMs(10, 1)).toBe(30_000);
    expect(backoffMs(10, 0)).toBe(15_000);
  });
});
