import { type ComponentType, lazy } from 'react';
import { landingPathFor } from '../features/auth/api';
import { Navigate, Route, Switch } from '../lib/router';
import { RequireAuth, RequireRole } from './guards';
import { RootLayout } from './layouts/root-layout';

// One chunk per page: a visitor downloads only the screens they open.
const HomePage = lazy(() => import('../pages/home-page'));
const SearchPage = lazy(() => import('../pages/search-page'));
const CaregiverProfilePage = lazy(() => import('../pages/caregiver-profile-page'));
const DashboardPage = lazy(() => import('../pages/dashboard-page'));
const CaregiverDashboardPage = lazy(() => import('../pages/caregiver-dashboard-page'));
const CaregiverDashboardEnhancedPage = lazy(() => import('../pages/caregiver-dashboard-enhanced-page'));
const ProfilePage = lazy(() => import('../pages/profile-page'));
const MessagesPage = lazy(() => import('../pages/messages-page'));
const BookingsPage = lazy(() => import('../pages/bookings-page'));
const EarningsPage = lazy(() => import('../pages/earnings-page'));
const SupportPage = lazy(() => import('../pages/support-page'));
const LoginPage = lazy(() => import('../pages/login-page'));
const SignupPage = lazy(() => import('../pages/signup-page'));
const ForgotPasswordPage = lazy(() => import('../pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page'));
const CaregiverOnboardingPage = lazy(() => import('../pages/caregiver-onboarding-page'));
const HowItWorksPage = lazy(() => import('../pages/how-it-works-page'));
const SafetyTrustPage = lazy(() => import('../pages/safety-trust-page'));
const PricingPage = lazy(() => import('../pages/pricing-page'));
const CaregiverResourcesPage = lazy(() => import('../pages/caregiver-resources-page'));
const SuccessStoriesPage = lazy(() => import('../pages/success-stories-page'));
const BackgroundCheckPage = lazy(() => import('../pages/background-check-page'));
const TermsOfServicePage = lazy(() => import('../pages/terms-of-service-page'));
const PrivacyPolicyPage = lazy(() => import('../pages/privacy-policy-page'));
const TermsOfUsePage = lazy(() => import('../pages/terms-of-use-page'));
const YaadcareServicesPage = lazy(() => import('../pages/yaadcare-services-page'));
const BookingConfirmationPage = lazy(() => import('../pages/booking-confirmation-page'));
const PaymentPage = lazy(() => import('../pages/payment-page'));
const ChatPage = lazy(() => import('../pages/chat-page'));
const PaymentSettingsPage = lazy(() => import('../pages/payment-settings-page'));
const AvailabilityPage = lazy(() => import('../pages/availability-page'));
const SettingsPage = lazy(() => import('../pages/settings-page'));
const AdminPage = lazy(() => import('../pages/admin-page'));
const CirclesPage = lazy(() => import('../pages/circles-page'));
const CirclePage = lazy(() => import('../pages/circle-page'));
const CircleInvitationPage = lazy(() => import('../pages/circle-invitation-page'));
const SeriesPage = lazy(() => import('../pages/series-page'));
const VisitsPage = lazy(() => import('../pages/visits-page'));
const BookingVisitPage = lazy(() => import('../pages/booking-visit-page'));
const BookingBackupsPage = lazy(() => import('../pages/booking-backups-page'));
const PlanCheckoutPage = lazy(() => import('../pages/plan-checkout-page'));
const CareRequestsPage = lazy(() => import('../pages/care-requests-page'));
const CareRequestNewPage = lazy(() => import('../pages/care-request-new-page'));
const CareRequestPage = lazy(() => import('../pages/care-request-page'));
const MeetingsPage = lazy(() => import('../pages/meetings-page'));
const ReceiptsPage = lazy(() => import('../pages/receipts-page'));
const ReceiptPage = lazy(() => import('../pages/receipt-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

/** Pages for signed-in users (others go to /login). */
const SIGNED_IN: [string, ComponentType][] = [
  ['/dashboard', DashboardPage],
  ['/family-dashboard', DashboardPage],
  ['/profile', ProfilePage],
  ['/messages', MessagesPage],
  ['/bookings', BookingsPage],
  ['/bookings/:id/visit', BookingVisitPage],
  ['/bookings/:id/backups', BookingBackupsPage],
  ['/earnings', EarningsPage],
  ['/caregiver-onboarding', CaregiverOnboardingPage],
  ['/background-check', BackgroundCheckPage],
  ['/booking-confirmation/:caregiverId', BookingConfirmationPage],
  ['/payment/:bookingId', PaymentPage],
  ['/chat/:userId', ChatPage],
  ['/payment-settings', PaymentSettingsPage],
  // Receipts (ADR 0055): every payment, tip, plan charge, refund and payout, printable, with a PDF.
  ['/receipts', ReceiptsPage],
  ['/receipts/:number', ReceiptPage],
  ['/availability', AvailabilityPage],
  ['/settings', SettingsPage],
  ['/series/:id', SeriesPage],
  // Care requests (ADR 0038): the page shows a family's own or a caregiver's fitting requests.
  // /care-requests/new (families; the page says so to others) before /care-requests/:id matches it.
  ['/care-requests', CareRequestsPage],
  ['/care-requests/new', CareRequestNewPage],
  ['/care-requests/:id', CareRequestPage],
  // Meetings before booking (ADR 0047): families and caregivers; the page says so to others.
  ['/meetings', MeetingsPage],
];

/** Care circles (ADR 0024) are for family accounts; caregivers and admins go to their own landing page. */
const FAMILIES_ONLY: [string, ComponentType][] = [
  ['/circles', CirclesPage],
  ['/circles/:id', CirclePage],
  ['/plans/:plan', PlanCheckoutPage],
];

const CAREGIVERS_ONLY: [string, ComponentType][] = [
  ['/caregiver-dashboard', CaregiverDashboardPage],
  ['/caregiver-dashboard-enhanced', CaregiverDashboardEnhancedPage],
];

/**
 * Every route of docs/product.md#screens-and-routes, plus /family-dashboard, /settings, /admin and /dev/outbox
 * (to the admin Outbox tab), in the site's layout. The first route that matches is shown.
 */
export function AppRoutes() {
  return (
    <RootLayout>
      <Switch>
        {/* Open to visitors */}
        <Route path="/">
          <HomePage />
        </Route>
        <Route path="/search">
          <SearchPage />
        </Route>
        <Route path="/caregiver/:id">
          <CaregiverProfilePage />
        </Route>
        <Route path="/support">
          <SupportPage />
        </Route>
        <Route path="/login">
          <LoginPage />
        </Route>
        <Route path="/signup">
          <SignupPage />
        </Route>
        <Route path="/forgot-password">
          <ForgotPasswordPage />
        </Route>
        <Route path="/reset-password">
          <ResetPasswordPage />
        </Route>
        <Route path="/how-it-works">
          <HowItWorksPage />
        </Route>
        <Route path="/safety-trust">
          <SafetyTrustPage />
        </Route>
        <Route path="/pricing">
          <PricingPage />
        </Route>
        <Route path="/caregiver-resources">
          <CaregiverResourcesPage />
        </Route>
        <Route path="/success-stories">
          <SuccessStoriesPage />
        </Route>
        <Route path="/terms-of-service">
          <TermsOfServicePage />
        </Route>
        <Route path="/privacy-policy">
          <PrivacyPolicyPage />
        </Route>
        <Route path="/terms-of-use">
          <TermsOfUsePage />
        </Route>
        <Route path="/yaadcare-services">
          <YaadcareServicesPage />
        </Route>
        {/* The link of a care circle invitation: a visitor is asked to log in or sign up, then comes back. */}
        <Route path="/circles/invitations/:token">
          <CircleInvitationPage />
        </Route>
        {/* The outbox is the admin console's Outbox tab (admins only; ADR 0011). */}
        <Route path="/dev/outbox">
          <Navigate to="/admin?tab=outbox" replace />
        </Route>

        {/* The caregiver's visit screen: it signs itself in and out, as it must open offline (ADR 0029). */}
        <Route path="/visits/:bookingId">
          <VisitsPage />
        </Route>

        {/* Signed-in users */}
        {SIGNED_IN.map(([path, Page]) => (
          <Route key={path} path={path}>
            <RequireAuth>
              <Page />
            </RequireAuth>
          </Route>
        ))}

        {/* Families only */}
        {FAMILIES_ONLY.map(([path, Page]) => (
          <Route key={path} path={path}>
            <RequireRole roles={['family']} otherwise={landingPathFor}>
              <Page />
            </RequireRole>
          </Route>
        ))}

        {/* Caregivers only; others go to their own dashboard */}
        {CAREGIVERS_ONLY.map(([path, Page]) => (
          <Route key={path} path={path}>
            <RequireRole roles={['caregiver']} otherwise="/family-dashboard">
              <Page />
            </RequireRole>
          </Route>
        ))}

        {/* Admins only */}
        <Route path="/admin">
          <RequireRole roles={['admin']} otherwise="/">
            <AdminPage />
          </RequireRole>
        </Route>

        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </RootLayout>
  );
}
