import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
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
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

/** Every route of docs/product.md#screens-and-routes, plus /family-dashboard, /settings, /admin and /dev/outbox (to the admin Outbox tab). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {/* Open to visitors */}
        <Route index element={<HomePage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="caregiver/:id" element={<CaregiverProfilePage />} />
        <Route path="support" element={<SupportPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="safety-trust" element={<SafetyTrustPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="caregiver-resources" element={<CaregiverResourcesPage />} />
        <Route path="success-stories" element={<SuccessStoriesPage />} />
        <Route path="terms-of-service" element={<TermsOfServicePage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-of-use" element={<TermsOfUsePage />} />
        <Route path="yaadcare-services" element={<YaadcareServicesPage />} />
        {/* The outbox is the admin console's Outbox tab (admins only; ADR 0011). */}
        <Route path="dev/outbox" element={<Navigate to="/admin?tab=outbox" replace />} />

        {/* Signed-in users */}
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="family-dashboard" element={<DashboardPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="bookings" element={<BookingsPage />} />
          <Route path="earnings" element={<EarningsPage />} />
          <Route path="caregiver-onboarding" element={<CaregiverOnboardingPage />} />
          <Route path="background-check" element={<BackgroundCheckPage />} />
          <Route path="booking-confirmation/:caregiverId" element={<BookingConfirmationPage />} />
          <Route path="payment/:bookingId" element={<PaymentPage />} />
          <Route path="chat/:userId" element={<ChatPage />} />
          <Route path="payment-settings" element={<PaymentSettingsPage />} />
          <Route path="availability" element={<AvailabilityPage />} />
          <Route path="settings" element={<SettingsPage />} />
        </Route>

        {/* Caregivers only; others go to their own dashboard */}
        <Route element={<RequireRole roles={['caregiver']} otherwise="/family-dashboard" />}>
          <Route path="caregiver-dashboard" element={<CaregiverDashboardPage />} />
          <Route path="caregiver-dashboard-enhanced" element={<CaregiverDashboardEnhancedPage />} />
        </Route>

        {/* Admins only */}
        <Route element={<RequireRole roles={['admin']} otherwise="/" />}>
          <Route path="admin" element={<AdminPage />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
