// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferences } from '../../../../shared/contracts/notification-preferences';
import { getToasts } from '../../../components/ui/use-toast';
import { renderRoute, stubFetch } from '../../../test/render';
import { NotificationsSection } from './notification-preferences';

const on = { email: true, sms: false, whatsapp: false };
function prefs(overrides: Partial<NotificationPreferences> = {}): NotificationPreferences {
  return {
    groups: {
      bookings: on,
      visits: on,
      messages: on,
      reviews: on,
      support: on,
      marketing: { email: false, sms: false, whatsapp: false },
    },
    quietHours: { enabled: false, start: '22:00', end: '07:00' },
    timeZone: 'America/Toronto',
    phone: { number: null, verified: false, codeSentAt: null },
    ...overrides,
  };
}
const verified = { number: '+18765550101', verified: true, codeSentAt: null };

const render = () => renderRoute(<NotificationsSection />, { path: '/settings' });
const sw = (name: string) => screen.getByRole('switch', { name });

describe('NotificationsSection', () => {
  beforeEach(() => {
    // jsdom has no ResizeObserver; Radix switches measure themselves with one.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('shows the matrix as labelled switches; texts are locked with a plain reason until a phone is verified', async () => {
    stubFetch({ 'GET /api/notifications/preferences': { body: prefs() } });
    render();
    expect(
      await screen.findByRole('table', { name: 'Channels for each kind of notice' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('switch')).toHaveLength(6 * 3 + 1);
    expect(sw('Booking updates by E-mail')).toBeChecked();
    expect(sw('News and offers by E-mail')).not.toBeChecked();
    expect(sw('Visits by SMS')).toBeDisabled();
    expect(sw('Visits by WhatsApp')).toHaveAccessibleDescription(
      /SMS and WhatsApp need a verified phone number/,
    );
    expect(sw('Visits by E-mail')).toBeEnabled();
    expect(screen.getByTestId('critical-notices')).toHaveTextContent(
      /cancellation within 24 hours, a no-show, an incident or an emergency\) come at once, even in quiet hours/,
    );
    expect(screen.getByText(/on your clock \(Toronto time\)/)).toBeInTheDocument();
  });

  it('a switch saves the whole matrix with the quiet hours (PUT), and says so', async () => {
    const { calls } = stubFetch({
      'GET /api/notifications/preferences': { body: prefs({ phone: verified }) },
      'PUT /api/notifications/preferences': (call) => ({
        body: { ...prefs({ phone: verified }), ...(call.body as object) },
      }),
    });
    render();
    fireEvent.click(await screen.findByRole('switch', { name: 'Visits by SMS' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Notification settings saved' }));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      groups: { ...prefs().groups, visits: { email: true, sms: true, whatsapp: false } },
      quietHours: prefs().quietHours,
    });
    expect(sw('Visits by SMS')).toBeChecked();
  });

  it('quiet hours: on, two times, saved; equal times are refused before sending', async () => {
    const { calls } = stubFetch({
      'GET /api/notifications/preferences': { body: prefs() },
      'PUT /api/notifications/preferences': (call) => ({ body: { ...prefs(), ...(call.body as object) } }),
    });
    render();
    fireEvent.click(await screen.findByRole('switch', { name: 'Quiet hours' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '21:30' } });
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '21:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(screen.getByLabelText('Until')).toHaveAccessibleDescription(/must end at another time/);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '06:15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      quietHours: { enabled: true, start: '21:30', end: '06:15' },
    });
  });

  it('phone: Send code, then Verify; the switches unlock once verified', async () => {
    const sent = { number: '+18765550101', verified: false, codeSentAt: '2026-06-01T15:00:00.000Z' };
    const { calls } = stubFetch({
      'GET /api/notifications/preferences': { body: prefs() },
      'POST /api/users/me/phone': {
        body: { message: 'We sent a 6-digit code to +18765550101.', phone: sent },
      },
      'POST /api/users/me/phone/verify': (call) =>
        (call.body as { code: string }).code === '123456'
          ? { body: verified }
          : {
              status: 400,
              body: { code: 'TOKEN_INVALID_OR_EXPIRED', message: 'That code is wrong or has expired.' },
            },
    });
    render();
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '876-555-0101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('6-digit code');
    expect(calls.find((c) => c.url === '/api/users/me/phone')?.body).toEqual({ phone: '876-555-0101' });
    fireEvent.change(code, { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is wrong or has expired.')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByTestId('phone-status')).toHaveTextContent('+18765550101 is verified'),
    );
    expect(sw('Visits by SMS')).toBeEnabled();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
  });

  it('works by keyboard: every control is a native button or input in the tab order', async () => {
    stubFetch({ 'GET /api/notifications/preferences': { body: prefs() } });
    const { container } = render();
    await screen.findByRole('table');
    // (Radix adds a hidden, unfocusable checkbox beside a switch inside a form, for the form's sake.)
    const controls = [...container.querySelectorAll('[role="switch"], input, button')].filter(
      (c) => c.getAttribute('aria-hidden') !== 'true',
    );
    expect(controls.length).toBeGreaterThan(20);
    for (const c of controls) {
      expect(['BUTTON', 'INPUT']).toContain(c.tagName);
      expect(c.getAttribute('tabindex')).not.toBe('-1');
    }
    // A locked switch is out of the tab order (disabled) and says why; e-mail switches are not.
    expect(sw('Reviews by SMS')).toBeDisabled();
    expect(sw('Reviews by E-mail')).toBeEnabled();
  });

  it('has no axe violations (loaded, with a code pending)', async () => {
    stubFetch({
      'GET /api/notifications/preferences': {
        body: prefs({
          phone: { number: '+18765550101', verified: false, codeSentAt: '2026-06-01T15:00:00.000Z' },
        }),
      },
    });
    const { container } = render();
    await screen.findByLabelText('6-digit code');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(6);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
});
