// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAQ, FAQ_CATEGORIES } from '../features/support/faq';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import SupportPage from './support-page';

const config = (extra: Record<string, unknown> = {}) => ({
  'GET /api/config': {
    body: { demoMode: false, supportEmail: 'help@yaadcare.jm', supportPhone: '+18765550100', ...extra },
  },
});

const articles = () => screen.getAllByRole('group').length;

describe('Support page', () => {
  it('lists at least 15 articles, and each category button shows the number of articles it holds', async () => {
    stubFetch(config());
    renderRoute(<SupportPage />, { path: '/support', user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeInTheDocument();
    expect(FAQ.length).toBeGreaterThanOrEqual(15);
    expect(articles()).toBe(FAQ.length);
    expect(document.title).toBe('Help and support · YaadCare');

    const categories = within(screen.getByRole('list', { name: 'Categories' }));
    for (const c of FAQ_CATEGORIES) {
      const button = categories.getByRole('button', { name: new RegExp(`^${c.label}`) });
      expect(button).toHaveTextContent(`(${c.count} article`);
      fireEvent.click(button);
      expect(button).toHaveAttribute('aria-pressed', 'true');
      // The count on the button is the number of articles listed under it.
      expect(articles()).toBe(c.count);
      expect(c.count).toBeGreaterThan(0);
    }
  });

  it('searches questions and answers, and says when nothing matches', async () => {
    stubFetch(config());
    renderRoute(<SupportPage />, { path: '/support', user: null });
    const search = screen.getByRole('searchbox', { name: 'Search the help centre' });
    fireEvent.change(search, { target: { value: 'PAYOUT friday' } });
    expect(screen.getByText('When do I get paid?')).toBeInTheDocument();
    expect(screen.queryByText('What is YaadCare?')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('matching "PAYOUT friday"');
    fireEvent.change(search, { target: { value: 'zzqx' } });
    expect(screen.getByText(/No article matches/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 articles');
  });

  it('shows the phone, e-mail and honest hours from the config, and a log-in link to chat for visitors', async () => {
    stubFetch(config());
    renderRoute(<SupportPage />, { path: '/support', user: null });
    expect(await screen.findByRole('link', { name: '(876) 555-0100' })).toHaveAttribute(
      'href',
      'tel:+18765550100',
    );
    expect(screen.getByRole('link', { name: 'help@yaadcare.jm' })).toHaveAttribute(
      'href',
      'mailto:help@yaadcare.jm',
    );
    expect(screen.getByText('Monday to Friday')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/24\/7 support|within 2 hours/i);
    expect(screen.getByRole('link', { name: 'Log in to chat' })).toHaveAttribute('href', '/login');
  });

  it('links signed-in users to the support conversation when the config names the support user', async () => {
    stubFetch(config({ supportUserId: 42 }));
    renderRoute(<SupportPage />, { path: '/support', user: makeUser() });
    expect(await screen.findByRole('link', { name: 'Chat with support' })).toHaveAttribute(
      'href',
      '/chat/42',
    );
  });

  it('a visitor sends a message: validated first, then posted, and the reference is shown', async () => {
    const fetch = stubFetch({
      ...config(),
      'POST /api/support/tickets': {
        status: 201,
        body: { id: 7, reference: 'YC-000007', status: 'open', message: 'Thank you.' },
      },
    });
    renderRoute(<SupportPage />, { path: '/support', user: null });
    const form = within(screen.getByRole('form', { name: 'Message to support' }));
    fireEvent.click(form.getByRole('button', { name: 'Send message' }));
    expect(await form.findByText('Please enter your name')).toBeInTheDocument();
    expect(form.getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(form.getByLabelText('Your name'), { target: { value: 'Sasha Morgan' } });
    fireEvent.change(form.getByLabelText('E-mail address'), { target: { value: 'sasha@example.com' } });
    fireEvent.change(form.getByLabelText('Topic'), { target: { value: 'payments' } });
    fireEvent.change(form.getByLabelText('Subject'), { target: { value: 'Refund' } });
    fireEvent.change(form.getByLabelText(/^Message/), {
      target: { value: 'When will my refund for the cancelled booking arrive?' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent. Your reference is YC-000007.')).toBeInTheDocument();
    const post = fetch.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/support/tickets');
    expect(post?.body).toEqual({
      name: 'Sasha Morgan',
      email: 'sasha@example.com',
      category: 'payments',
      subject: 'Refund',
      message: 'When will my refund for the cancelled booking arrive?',
    });
    await waitFor(() =>
      expect(screen.getByText(/We e-mailed a copy to sasha@example.com/)).toBeInTheDocument(),
    );
  });
});
