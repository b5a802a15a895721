// @vitest-environment jsdom
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { INDEXABLE_PAGES } from '../../../shared/routes';
import CaregiverResourcesPage from '../../pages/caregiver-resources-page';
import HomePage from '../../pages/home-page';
import HowItWorksPage from '../../pages/how-it-works-page';
import LoginPage from '../../pages/login-page';
import PricingPage from '../../pages/pricing-page';
import PrivacyPolicyPage from '../../pages/privacy-policy-page';
import SafetyTrustPage from '../../pages/safety-trust-page';
import SearchPage from '../../pages/search-page';
import SignupPage from '../../pages/signup-page';
import SuccessStoriesPage from '../../pages/success-stories-page';
import SupportPage from '../../pages/support-page';
import TermsOfServicePage from '../../pages/terms-of-service-page';
import TermsOfUsePage from '../../pages/terms-of-use-page';
import YaadcareServicesPage from '../../pages/yaadcare-services-page';
import { renderRoute, stubFetch } from '../../test/render';

/** Every page of sitemap.xml, by path. */
const PAGES: Record<(typeof INDEXABLE_PAGES)[number], ComponentType> = {
  '/': HomePage,
  '/search': SearchPage,
  '/how-it-works': HowItWorksPage,
  '/safety-trust': SafetyTrustPage,
  '/pricing': PricingPage,
  '/yaadcare-services': YaadcareServicesPage,
  '/success-stories': SuccessStoriesPage,
  '/caregiver-resources': CaregiverResourcesPage,
  '/support': SupportPage,
  '/signup': SignupPage,
  '/login': LoginPage,
  '/terms-of-service': TermsOfServicePage,
  '/terms-of-use': TermsOfUsePage,
  '/privacy-policy': PrivacyPolicyPage,
};

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('every indexable page describes itself to search engines', () => {
  it.each(INDEXABLE_PAGES.map((p) => [p]))('%s', (path) => {
    stubFetch({
      'GET /api/config': {
        body: { demoMode: false, supportEmail: 'help@yaadcare.jm', supportPhone: '+18765550100' },
      },
    });
    const Page = PAGES[path];
    const { unmount } = renderRoute(<Page />, { path, user: null });
    const origin = window.location.origin;
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${origin}${path}`,
    );
    const description = content('meta[name="description"]') ?? '';
    expect(description.length).toBeGreaterThan(50);
    expect(description.length).toBeLessThanOrEqual(300);
    expect(content('meta[property="og:title"]')).toBe(document.title);
    expect(content('meta[property="og:description"]')).toBe(description);
    expect(content('meta[property="og:url"]')).toBe(`${origin}${path}`);
    expect(content('meta[name="twitter:card"]')).toBe('summary');
    expect(document.title).toMatch(/YaadCare/);
    unmount();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});
