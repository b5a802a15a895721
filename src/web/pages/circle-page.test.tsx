// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jamaicaMonth, monthLabel } from '../../shared/time';
import { makeCircle, makeMember, makeStatement } from '../features/circles/test-fixtures';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import CirclePage from './circle-page';

const JANE = makeUser({ id: 1, firstName: 'Jane' });
const PAUL = makeUser({ id: 2, firstName: 'Paul', email: 'paul@example.com' });

/** Jane coordinates (provisionally pays); Paul accepted the payer role with a cap; Ann is a viewer. */
const withMembers = makeCircle({
  myRoles: ['coordinator'],
  members: [
    makeMember({ roles: ['coordinator'], provisionalRoles: ['coordinator'] }),
    makeMember({ userId: 2, firstName: 'Paul', lastInitial: 'B.', roles: ['payer'], monthlyCapJmd: 50_000 }),
    makeMember({ userId: 3, firstName: 'Ann', lastInitial: '', roles: [] }),
  ],
});

function open(user = JANE, circle = withMembers, extra: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/circles/5': { body: circle },
    'GET /api/circles/5/invitations': { body: { invitations: [] } },
    ...extra,
  });
  renderRoute(<CirclePage />, { path: '/circles/:id', url: '/circles/5', user });
  return stub;
}

const memberItem = (name: RegExp) =>
  screen.getAllByRole('listitem').find((li) => name.test(li.querySelector('p')?.textContent ?? ''))!;

describe('CirclePage', () => {
  it('shows the recipient, the members with their roles, provisional roles explained, and caps', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mummy’s care' })).toBeVisible();
    expect(screen.getByText('Care for Mummy, Mandeville, Manchester')).toBeVisible();
    const recipient = screen.getByRole('region', { name: 'Mummy Brown' });
    expect(recipient).toHaveTextContent('4 Caledonia Road');
    expect(recipient).toHaveTextContent('Likes her tea at four');
    expect(recipient).toHaveTextContent('Paul Brown+18765551234');
    expect(memberItem(/^Jane B\./)).toHaveTextContent(
      'Provisional: coordinator, until someone accepts an invitation for this role.',
    );
    expect(memberItem(/^Paul B\./)).toHaveTextContent('PayerMonthly cap: J$ 50,000');
    expect(memberItem(/^Ann/)).toHaveTextContent('Viewer');
    expect(screen.getByText(/holds the coordinator and payer roles provisionally/)).toBeVisible();
  });

  it('lets a coordinator invite: the link is shown once with a copy button, and said to be e-mailed', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const inviteUrl = 'http://localhost/circles/invitations/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const { calls } = open(JANE, withMembers, {
      'POST /api/circles/5/invitations': {
        status: 201,
        body: {
          id: 9,
          email: 'kim@example.com',
          role: 'payer',
          monthlyCapJmd: 20000,
          expiresAt: '2026-11-27T15:00:00.000Z',
          inviteUrl,
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Invite a relative' });
    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'Kim@Example.com' } });
    fireEvent.change(within(form).getByLabelText('Monthly cap (optional)'), {
      target: { value: 'J$ 20,000' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const sent = await screen.findByText(/We e-mailed this link to kim@example.com/);
    expect(sent).toHaveTextContent('it works until November 27, 2026');
    expect(screen.getByLabelText('Invitation link')).toHaveValue(inviteUrl);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'Kim@Example.com',
      role: 'payer',
      monthlyCapJmd: 20000,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(inviteUrl);
  });

  it('refuses a cap that is no whole number of JMD, and a cap for a role that is not payer is not sent', async () => {
    const { calls } = open(JANE, withMembers, {
      'POST /api/circles/5/invitations': {
        status: 409,
        body: { message: 'This person is already a member of the circle.' },
      },
    });
    const form = await screen.findByRole('form', { name: 'Invite a relative' });
    fireEvent.change(within(form).getByLabelText('E-mail address'), {
      target: { value: 'paul@example.com' },
    });
    fireEvent.change(within(form).getByLabelText('Monthly cap (optional)'), { target: { value: '12.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(/whole number of Jamaican dollars/)).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'viewer' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('already a member');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'paul@example.com',
      role: 'viewer',
    });
  });

  it('lists open invitations and revokes one', async () => {
    const { calls } = open(JANE, withMembers, {
      'GET /api/circles/5/invitations': {
        body: {
          invitations: [
            {
              id: 9,
              email: 'kim@example.com',
              role: 'viewer',
              monthlyCapJmd: null,
              expiresAt: '2026-11-27T15:00:00.000Z',
              createdAt: '2026-11-20T15:00:00.000Z',
              invitedBy: 'Jane',
            },
          ],
        },
      },
      'DELETE /api/circles/5/invitations/9': { status: 204 },
    });
    const list = await screen.findByRole('region', { name: 'Open invitations' });
    expect(await within(list).findByText('kim@example.com')).toBeVisible();
    expect(list).toHaveTextContent('Viewer · invited by Jane, link works until November 27, 2026');
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke the invitation to kim@example.com' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('offers a coordinator who is no payer the coordinator role, not the payer role nor anyone’s cap', async () => {
    const { calls } = open(JANE, withMembers, {
      'PATCH /api/circles/5/members/3': { body: withMembers },
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(within(memberItem(/^Ann/)).getByRole('button', { name: 'Change roles of Ann' }));
    const payer = screen.getByLabelText('Payer');
    expect(payer).toBeDisabled();
    expect(payer).toHaveAccessibleDescription(
      /Only a payer can make someone a payer\. Invite them as a payer/,
    );
    expect(screen.queryByLabelText(/Monthly cap of/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Coordinator'));
    fireEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ roles: ['coordinator'] }),
    );
  });

  it('never lets a coordinator edit a payer’s cap: only the payer changes it', async () => {
    open(JANE, withMembers);
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(within(memberItem(/^Paul/)).getByRole('button', { name: 'Change roles of Paul B.' }));
    expect(screen.queryByLabelText(/Monthly cap of/)).toBeNull();
    expect(screen.getByText('Only Paul B. can change their own monthly cap.')).toBeVisible();
  });

  it('lets a payer make a viewer a payer, and nothing else', async () => {
    const asPaul = { ...withMembers, myRoles: ['payer' as const] };
    const { calls } = open(PAUL, asPaul, { 'PATCH /api/circles/5/members/3': { body: asPaul } });
    await screen.findByRole('heading', { level: 1 });
    // Paul himself (a payer already) has nothing a payer could give him.
    expect(within(memberItem(/^Paul/)).queryByRole('button', { name: /Change roles/ })).toBeNull();
    fireEvent.click(within(memberItem(/^Ann/)).getByRole('button', { name: 'Change roles of Ann' }));
    expect(screen.getByLabelText('Coordinator')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Payer'));
    expect(screen.getByText(/Ann starts with no monthly cap/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ roles: ['payer'] }));
  });

  it('shows the server’s 409 when leaving would leave no coordinator or payer', async () => {
    open(JANE, withMembers, {
      'DELETE /api/circles/5/members/1': {
        status: 409,
        body: {
          code: 'CIRCLE_NEEDS_COORDINATOR_AND_PAYER',
          message: 'A circle must keep at least one coordinator and one payer.',
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave circle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave “Mummy’s care”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave circle' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A circle must keep at least one coordinator and one payer. Give the role to another member first, or invite someone for it.',
    );
  });

  it('lets a payer set their own cap, and shows them no coordinator tools', async () => {
    const asPaul = { ...withMembers, myRoles: ['payer' as const] };
    const { calls } = open(PAUL, asPaul, { 'PATCH /api/circles/5/members/2': { body: asPaul } });
    const panel = await screen.findByRole('region', { name: 'My monthly cap' });
    expect(panel).toHaveTextContent('Your cap is J$ 50,000 a month.');
    fireEvent.change(within(panel).getByRole('textbox', { name: 'My monthly cap' }), {
      target: { value: '' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save my cap' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ monthlyCapJmd: null }),
    );
    expect(screen.queryByRole('form', { name: 'Invite a relative' })).toBeNull();
    // Only making a member who is no payer a payer is offered (a payer's one role decision), never a removal.
    expect(
      screen.queryAllByRole('button', { name: /Change roles/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Change roles of Jane B.', 'Change roles of Ann']);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/invitations'))).toBe(false);
  });

  it('shows a viewer the circle without caps or tools', async () => {
    const asAnn = {
      ...withMembers,
      myRoles: [],
      members: withMembers.members.map((m) => ({ ...m, monthlyCapJmd: null })),
    };
    const { calls } = open(makeUser({ id: 3, firstName: 'Ann' }), asAnn);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Your role:').parentElement).toHaveTextContent('Your role: Viewer');
    expect(screen.queryByText(/Monthly cap/)).toBeNull();
    expect(screen.queryByText(/No monthly cap/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'My monthly cap' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave circle' })).toBeVisible();
    // No statement for a viewer (the server would refuse it: 403), and none is asked for.
    expect(screen.queryByRole('region', { name: 'Monthly statement' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/statement'))).toBe(false);
  });

  it('shows a payer the monthly statement of the latest month with visits (this one here)', async () => {
    const asPaul = { ...withMembers, myRoles: ['payer' as const], createdAt: '2024-01-10T15:00:00.000Z' };
    open(PAUL, asPaul, {
      'GET /api/circles/5/statement': (call) => {
        const month = new URL(call.url, 'http://x').searchParams.get('month') ?? '';
        return { body: makeStatement({ month, monthLabel: monthLabel(month) }) };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Monthly statement' });
    // Issue 32, defect 8: it opens on the latest month that has visits, here this month, not an empty last one.
    await waitFor(() => expect(within(panel).getByLabelText('Month')).toHaveValue(jamaicaMonth()));
    expect(await within(panel).findByTestId('statement-total')).toHaveTextContent('J$ 15,750');
  });

  it('says "Circle not found" to someone who is no member (404)', async () => {
    stubFetch({ 'GET /api/circles/5': { status: 404, body: { message: 'Circle not found' } } });
    renderRoute(<CirclePage />, { path: '/circles/:id', url: '/circles/5', user: JANE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Circle not found' })).toBeVisible();
  });
});
