// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../../../shared/contracts/plans';
import { PLANS } from '../../../../shared/pricing';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { PlanChoice } from './plan-choice';
import { UpgradePrompt } from './upgrade-prompt';
import { YourPlanSection } from './your-plan-section';

const END = '2099-07-15T14:00:00.000Z';
const basic: SubscriptionView = {
  plan: 'basic',
  status: 'none',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pendingPlan: null,
  nextRetryAt: null,
  card: null,
  unlocks: [],
};
const family: SubscriptionView = {
  ...basic,
  plan: 'family',
  status: 'active',
  currentPeriodEnd: END,
  card: { brand: 'visa', last4: '4242' },
  unlocks: ['favourites_rebook', 'sms_reminders', 'priority_support'],
};
const familyUser = () => makeUser({ userType: 'family' });

describe('Your plan (settings)', () => {
  it('shows the plan, its renewal date and card, and cancels in one step with the end date', async () => {
    let view = family;
    const { calls } = stubFetch({
      'GET /api/subscriptions/me': () => ({ body: view }),
      'POST /api/subscriptions/me/cancel': () => {
        view = { ...family, cancelAtPeriodEnd: true };
        return { body: view };
      },
    });
    renderRoute(<YourPlanSection />, { user: familyUser() });
    const status = await screen.findByTestId('plan-status');
    expect(status).toHaveTextContent('Family Plan · renews on July 15, 2099');
    expect(screen.getByText(/Visa •••• 4242/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your Family Plan?' });
    expect(dialog).toHaveTextContent('You will not be charged again. It keeps working until July 15, 2099');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() =>
      expect(screen.getByTestId('plan-status')).toHaveTextContent('cancelled, ends on July 15, 2099'),
    );
    expect(calls.filter((c) => c.url === '/api/subscriptions/me/cancel')).toHaveLength(1);
    expect(await screen.findByText('Plan cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Keep the Family Plan' })).toBeInTheDocument();
  });

  it('on Basic: says so and links to the plans', async () => {
    stubFetch({ 'GET /api/subscriptions/me': { body: basic } });
    renderRoute(<YourPlanSection />, { user: familyUser() });
    expect(await screen.findByText(/You are on/)).toHaveTextContent('You are on Basic, free.');
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing#plans');
  });
});

describe('UpgradePrompt', () => {
  it('on Basic: names the plan that unlocks the feature, its price and a link to choose it', async () => {
    stubFetch({ 'GET /api/subscriptions/me': { body: basic } });
    renderRoute(
      <UpgradePrompt feature="team_shortlist">
        <p>The shortlist</p>
      </UpgradePrompt>,
      { user: familyUser() },
    );
    const link = await screen.findByRole('link', { name: 'Choose Premium' });
    expect(link).toHaveAttribute('href', '/plans/premium');
    expect(screen.getByRole('complementary')).toHaveTextContent('part of the Premium (J$ 1,999 a month)');
    expect(screen.queryByText('The shortlist')).toBeNull();
  });

  it('on a plan that unlocks it: shows the feature itself', async () => {
    stubFetch({ 'GET /api/subscriptions/me': { body: family } });
    renderRoute(
      <UpgradePrompt feature="sms_reminders">
        <p>SMS reminders on</p>
      </UpgradePrompt>,
      { user: familyUser() },
    );
    expect(await screen.findByText('SMS reminders on')).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('PlanChoice (pricing cards)', () => {
  const familyPlan = PLANS[1];
  it('sends visitors to sign up first', () => {
    stubFetch();
    renderRoute(<PlanChoice plan={familyPlan} />, { user: null });
    expect(screen.getByRole('link', { name: 'Choose Family Plan' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('You create a free account first.')).toBeInTheDocument();
  });

  it('lets a Basic family choose the plan, and sends a subscriber to Settings', async () => {
    stubFetch({ 'GET /api/subscriptions/me': { body: basic } });
    renderRoute(<PlanChoice plan={familyPlan} />, { user: familyUser() });
    expect(await screen.findByRole('link', { name: 'Choose Family Plan' })).toHaveAttribute(
      'href',
      '/plans/family',
    );
  });

  it('tells a subscriber where to manage the plan', async () => {
    stubFetch({ 'GET /api/subscriptions/me': { body: family } });
    renderRoute(<PlanChoice plan={familyPlan} />, { user: familyUser() });
    expect(await screen.findByRole('link', { name: 'Manage your plan' })).toHaveAttribute(
      'href',
      '/settings#plan',
    );
  });
});
