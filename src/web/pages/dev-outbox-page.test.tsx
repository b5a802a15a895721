// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../test/render';
import DevOutboxPage from './dev-outbox-page';

describe('DevOutboxPage', () => {
  it('lists the mail newest first with the first link as Open link', async () => {
    stubFetch({
      'GET /api/dev/outbox': {
        body: [
          {
            id: 1,
            to: 'a@example.com',
            subject: 'Older',
            text: 'No links here',
            createdAt: '2025-01-01T10:00:00Z',
          },
          {
            id: 2,
            to: 'b@example.com',
            subject: 'Reset your password',
            text: `Open ${window.location.origin}/reset-password?token=abc to continue.`,
            createdAt: '2025-01-02T10:00:00Z',
          },
        ],
      },
    });
    renderRoute(<DevOutboxPage />, { path: '/dev/outbox' });
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Reset your password',
      'Older',
    ]);
    expect(within(articles[0]).getByRole('link', { name: /Open link/ })).toHaveAttribute(
      'href',
      '/reset-password?token=abc',
    );
    expect(within(articles[1]).queryByRole('link')).toBeNull();
  });

  it('says the outbox is demo-only when the API answers 404', async () => {
    stubFetch({
      'GET /api/dev/outbox': { status: 404, body: { message: 'The outbox is only available in demo mode.' } },
    });
    renderRoute(<DevOutboxPage />, { path: '/dev/outbox' });
    expect(await screen.findByText('The outbox is only available in demo mode.')).toBeInTheDocument();
  });
});
