// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../../test/render';
import { OutboxPanel } from './outbox-panel';

describe('OutboxPanel (the admin console’s Outbox tab)', () => {
  it('lists the mail newest first with the first link as Open link, and the text messages', async () => {
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
      'GET /api/dev/sms-outbox': {
        body: [
          {
            id: 7,
            to: '+18765550142',
            body: '123456 is your YaadCare verification code. It expires in 10 minutes.',
            createdAt: '2025-01-02T11:00:00Z',
          },
        ],
      },
    });
    renderRoute(<OutboxPanel />, { path: '/admin' });
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
    const texts = screen.getByRole('region', { name: 'Text messages' });
    expect(await within(texts).findByText(/123456 is your YaadCare verification code/)).toBeInTheDocument();
    expect(within(texts).getByText('+18765550142')).toBeInTheDocument();
  });

  it('has an empty state, and says the outbox is demo-only when the API answers 404', async () => {
    stubFetch({
      'GET /api/dev/outbox': { body: [] },
      'GET /api/dev/sms-outbox': {
        status: 404,
        body: { message: 'The SMS outbox is only available in demo mode.' },
      },
    });
    renderRoute(<OutboxPanel />, { path: '/admin' });
    expect(await screen.findByText('No e-mails yet.')).toBeInTheDocument();
    expect(await screen.findByText('The SMS outbox is only available in demo mode.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });
});
