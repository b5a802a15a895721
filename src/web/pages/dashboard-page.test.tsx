// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaregiverDashboardResponse, FamilyDashboardResponse } from '../../shared/contracts/dashboard';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import CaregiverDashboardPage from './caregiver-dashboard-page';
import DashboardPage from './dashboard-page';

const family = makeUser({ userType: 'family', firstName: 'Marcia' });
const carer = makeUser({ id: 7, userType: 'caregiver', firstName: 'Shanique' });

const familyData: FamilyDashboardResponse = {
  upcomingBookings: [],
  pastBookings: [
    {
      id: 41,
      status: 'completed',
      date: '2026-11-19',
      startTime: '09:00',
      endTime: '11:00',
      totalCost: '3150.00',
      caregiver: { id: 3, firstName: 'Odessa', lastName: 'R', profileImageUrl: null },
      review: null,
      canReview: true,
      reviewDeadline: '2026-12-03T16:00:00.000Z',
    },
  ],
  counts: { upcoming: 0, pending: 1, completed: 1 },
  spending: { thisMonth: '3150.00', total: '12600.00' },
  unreadMessages: 4,
  profile: {
    completeness: 60,
    missing: [
      { field: 'phone', label: 'Add your phone number', href: '/profile' },
      { field: 'profileImageUrl', label: 'Add a profile photo', href: '/profile' },
    ],
  },
  favourites: [],
  careCategories: [
    { key: 'child-care', label: 'Child Care', href: '/search?type=child-care', count: 20, limited: false },
    {
      key: 'overnight',
      label: 'Overnight Care',
      href: '/search?availability=Overnight',
      count: 3,
      limited: true,
    },
  ],
};

const profile = { id: 3, userId: 7, isAvailable: true, isActive: true };

describe('family dashboard', () => {
  it('shows real figures, missing profile items as links, categories with counts, and Leave a review', async () => {
    const { calls } = stubFetch({
      'GET /api/family/dashboard': { body: familyData },
      'POST /api/reviews': {
        status: 201,
        body: {
          id: 9,
          bookingId: 41,
          rating: 4,
          comment: null,
          createdAt: '',
          status: 'pending',
          publishedAt: null,
        },
      },
    });
    renderRoute(<DashboardPage />, { path: '/dashboard', user: family });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Profile 60% complete' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your phone number' })).toHaveAttribute('href', '/profile');
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /Overnight Care.*3 caregivers available · Limited/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/85/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave a review' }));
    const form = screen.getByRole('form', { name: 'Review Odessa R.' });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(form).findByText('Please choose a rating from 1 to 5')).toBeInTheDocument();
    fireEvent.click(within(form).getByLabelText('4 stars'));
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/reviews')).toBe(true),
    );
    expect(calls.find((c) => c.url === '/api/reviews')?.body).toEqual({
      bookingId: 41,
      rating: 4,
      comment: null,
    });
  });
});

/** The paragraph whose whole text is this (the name is in its own span). */
const greeting = (text: string) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && el.textContent === text;

describe('family dashboard greeting', () => {
  it('says "Welcome" on the first visit and "Welcome back" only after an earlier sign-in', async () => {
    stubFetch({ 'GET /api/family/dashboard': { body: { ...familyData, signedInBefore: false } } });
    const first = renderRoute(<DashboardPage />, { path: '/dashboard', user: family });
    expect(await screen.findByText(greeting('Welcome, Marcia!'))).toBeInTheDocument();
    expect(screen.queryByText(greeting('Welcome back, Marcia!'))).toBeNull();
    first.unmount();

    stubFetch({ 'GET /api/family/dashboard': { body: { ...familyData, signedInBefore: true } } });
    renderRoute(<DashboardPage />, { path: '/dashboard', user: family });
    expect(await screen.findByText(greeting('Welcome back, Marcia!'))).toBeInTheDocument();
  });
});

describe('caregiver dashboard gating', () => {
  it('prompts a caregiver without a profile to complete it', async () => {
    stubFetch({ 'GET /api/caregivers/me': { status: 404, body: { message: 'No profile' } } });
    renderRoute(<CaregiverDashboardPage />, { path: '/caregiver-dashboard', user: carer });
    expect(await screen.findByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      '/caregiver-onboarding',
    );
  });

  it('shows the load-error screen with Refresh Page and Clear Auth & Restart', async () => {
    stubFetch({
      'GET /api/caregivers/me': { body: profile },
      'GET /api/caregiver/dashboard': { status: 401, body: { message: 'Please log in to continue.' } },
      'POST /api/auth/logout': { status: 401, body: { message: 'Please log in to continue.' } },
    });
    localStorage.setItem('auth_token', 'stale');
    renderRoute(<CaregiverDashboardPage />, { path: '/caregiver-dashboard', user: carer });
    expect(await screen.findByRole('heading', { name: 'Unable to Load Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Auth & Restart' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('shows real figures and sends Accept to the bookings API', async () => {
    const data: CaregiverDashboardResponse = {
      caregiver: {
        id: 3,
        userId: 7,
        firstName: 'Shanique',
        lastName: 'Williams',
        profileImageUrl: null,
        location: 'Kingston',
        isVerified: true,
        isActive: true,
        isAvailable: true,
        hourlyRate: '1500.00',
        averageRating: '4.80',
        totalReviews: 5,
        kinds: ['child-care'],
      },
      stats: {
        totalEarnings: '16200.00',
        totalHours: 9,
        totalBookings: 6,
        completedBookings: 3,
        profileViews: 40,
        favoriteCount: 2,
        badgePoints: 35,
        responseTime: 40,
        responseSamples: 5,
        streakDays: 2,
        longestStreak: 4,
        lastActiveDate: '2026-11-21',
        completionRate: 50,
        endedBookings: 6,
        averagePerHour: 1800,
        pendingBookings: 1,
        upcomingBookings: 1,
      },
      badges: [],
      recentBookings: [
        {
          id: 12,
          status: 'pending',
          date: '2026-11-25',
          startTime: '09:00',
          endTime: '11:00',
          family: {
            id: 1,
            firstName: 'Marcia',
            lastName: 'Brown',
            profileImageUrl: null,
            location: 'Kingston',
            phone: null,
          },
          rate: '3150.00',
          hourlyRate: '1500.00',
          earnings: '3000.00',
          platformFee: '150.00',
          totalHours: 2,
          notes: null,
          type: 'Child care & Nannies',
          canRateFamily: false,
        },
      ],
      achievements: [],
      availableBadges: [],
      nextAchievements: [
        {
          id: 2,
          name: 'Getting Started',
          description: 'Completed 5 bookings.',
          icon: 'rocket',
          rarity: 'common',
          points: 25,
          category: 'bookings',
          progress: 60,
        },
      ],
      recentActivity: [],
    };
    const { calls } = stubFetch({
      'GET /api/caregivers/me': { body: profile },
      'GET /api/caregiver/dashboard': { body: data },
      'POST /api/bookings/12/accept': { body: { id: 12, status: 'confirmed' } },
    });
    renderRoute(<CaregiverDashboardPage />, { path: '/caregiver-dashboard', user: carer });
    expect(await screen.findByText('50.0%')).toBeInTheDocument();
    // The rate says what it counts, next to it.
    const rate = screen.getByText('Completion rate').closest('div')!;
    expect(rate).toHaveTextContent('of accepted bookings that ended');
    expect(screen.getByText('40 min')).toBeInTheDocument();
    // The job's value is what the caregiver earns; the family's total and the fee are labelled as such.
    expect(screen.getByTestId('booking-earnings')).toHaveTextContent(
      'You earn J$ 3,000 (J$ 1,500 / hour). The family pays J$ 3,150, including YaadCare’s 5% platform fee of J$ 150.',
    );
    expect(screen.getByRole('progressbar', { name: 'Getting Started progress' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    for (const tab of ['overview', 'badges', 'bookings', 'stats', 'messages', 'profile'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    // 12-hour Jamaica times, as on every other screen (issue 32, defect 14).
    expect(screen.getByRole('listitem', { name: /Booking with Marcia/ })).toHaveTextContent(
      '9:00 AM – 11:00 AM',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/bookings/12/accept')).toBe(true),
    );

    // A caregiver none of whose accepted bookings has ended yet is "New", not "0.0%" (issue 32, defect 13).
    cleanup();
    stubFetch({
      'GET /api/caregivers/me': { body: profile },
      'GET /api/caregiver/dashboard': {
        body: {
          ...data,
          stats: { ...data.stats, completionRate: 0, endedBookings: 0, completedBookings: 0 },
        },
      },
    });
    renderRoute(<CaregiverDashboardPage />, { path: '/caregiver-dashboard', user: carer });
    const fresh = (await screen.findByText('Completion rate')).closest('div')!;
    expect(fresh).toHaveTextContent('New');
    expect(fresh).toHaveTextContent('no accepted booking has ended yet');
    expect(screen.queryByText('0.0%')).toBeNull();
  });
});
