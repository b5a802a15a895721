// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../test/render';
import CaregiverResourcesPage from './caregiver-resources-page';
import HowItWorksPage from './how-it-works-page';
import PricingPage from './pricing-page';
import PrivacyPolicyPage from './privacy-policy-page';
import SafetyTrustPage from './safety-trust-page';
import SuccessStoriesPage from './success-stories-page';
import TermsOfServicePage from './terms-of-service-page';
import TermsOfUsePage from './terms-of-use-page';
import YaadcareServicesPage from './yaadcare-services-page';

const CONFIG = { 'GET /api/config': { body: { demoMode: false, supportEmail: 'help@yaadcare.jm' } } };

function renderPage(Page: ComponentType, path: string, routes = {}) {
  const fetch = stubFetch({ ...CONFIG, ...routes });
  renderRoute(<Page />, { path, user: null });
  return fetch;
}

const h2s = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

const PAGES: [string, ComponentType, string][] = [
  ['/how-it-works', HowItWorksPage, 'How it works · YaadCare'],
  ['/safety-trust', SafetyTrustPage, 'Safety and trust · YaadCare'],
  ['/pricing', PricingPage, 'Pricing · YaadCare'],
  ['/caregiver-resources', CaregiverResourcesPage, 'Caregiver resources · YaadCare'],
  ['/success-stories', SuccessStoriesPage, 'Success stories · YaadCare'],
  ['/terms-of-service', TermsOfServicePage, 'Terms of Service · YaadCare'],
  ['/privacy-policy', PrivacyPolicyPage, 'Privacy Policy · YaadCare'],
  ['/terms-of-use', TermsOfUsePage, 'Terms of Use · YaadCare'],
  [
    '/yaadcare-services',
    YaadcareServicesPage,
    'YaadCare services: senior care, tutors, housekeeping and more · YaadCare',
  ],
];

describe('informational pages', () => {
  it.each(PAGES)('%s: one h1, its title, description, canonical and Open Graph tags', (path, Page, title) => {
    renderPage(Page, path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe(title);
    const description = meta('meta[name="description"]') ?? '';
    expect(description.length).toBeGreaterThan(80);
    expect(description.length).toBeLessThanOrEqual(230);
    expect(canonical()).toBe(`${window.location.origin}${path}`);
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}${path}`);
    expect(meta('meta[property="og:title"]')).toBe(title);
    expect(meta('meta[property="og:description"]')).toBe(description);
    // No placeholder text anywhere.
    expect(document.body.textContent).not.toMatch(/lorem|ipsum|coming soon\.|TODO|\{email\}/i);
    // Never the claim the product does not make.
    expect(document.body.textContent).not.toMatch(/every caregiver is (background[- ])?checked/i);
  });

  it('How it works: the four steps and both checklists', () => {
    renderPage(HowItWorksPage, '/how-it-works');
    const steps = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(steps).toEqual(
      expect.arrayContaining([
        'Step 1: Search and browse',
        'Step 2: Review profiles',
        'Step 3: Book and connect',
        'Step 4: Peace of mind',
        'For families',
        'For caregivers',
      ]),
    );
    const families = screen.getByRole('heading', { level: 3, name: 'For families' }).parentElement!;
    expect(within(families).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup');
  });

  it('Safety and trust: four features, the 6-step verification list, tips, support and signup links', () => {
    renderPage(SafetyTrustPage, '/safety-trust');
    expect(h2s()).toEqual(
      expect.arrayContaining(['How we build trust', 'Our 6-step caregiver verification', 'Safety tips']),
    );
    const verification = screen
      .getByRole('heading', { level: 2, name: 'Our 6-step caregiver verification' })
      .closest('section')!;
    expect(
      within(verification)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Government ID and identity',
      'Criminal background check',
      'Employer references',
      'Proof of address',
      'Phone and e-mail verification',
      'Profile review and approval',
    ]);
    expect(verification).toHaveTextContent(
      'Police Certificate of Character issued by the Jamaica Constabulary Force',
    );
    // No document review for certificates exists: the page must not claim one (issue 15).
    expect(verification).toHaveTextContent('self-reported');
    expect(verification).not.toHaveTextContent(/certificates? .*checked against/i);
    const trust = screen.getByRole('heading', { level: 2, name: 'How we build trust' }).closest('section')!;
    expect(within(trust).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(trust).toHaveTextContent('look for the badge');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup');
  });

  it('Pricing: the three plans in JMD, the rate table, payment and the 24-hour rule', () => {
    renderPage(PricingPage, '/pricing');
    const plans = screen.getByRole('heading', { level: 2, name: 'Plans' }).closest('section')!;
    expect(
      within(plans)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Basic', 'Family Plan', 'Premium']);
    expect(plans).toHaveTextContent('Free');
    expect(plans).toHaveTextContent('J$ 999 / month');
    expect(plans).toHaveTextContent('J$ 1,999 / month');

    const table = screen.getByRole('table', { name: 'Typical caregiver rates in Jamaican dollars' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Child care — basicJ$ 500–800 per hour',
      'Child care — experiencedJ$ 800–1,200 per hour',
      'Special needs careJ$ 1,000–1,500 per hour',
      'Overnight careJ$ 8,000–12,000 per night',
      'Senior careJ$ 600–1,000 per hour',
      'HousekeepingJ$ 400–600 per hour',
    ]);

    const payment = screen.getByRole('heading', { level: 2, name: 'How payment works' }).closest('section')!;
    expect(payment).toHaveTextContent('charged after the service is completed');
    // One model: the card is held when booking, not "nothing is taken".
    expect(payment).toHaveTextContent('held (authorized) on your card');
    expect(payment).not.toHaveTextContent('Nothing is taken when you book');
    expect(payment).toHaveTextContent('5% fee is added on top of the caregiver');
    expect(payment).toHaveTextContent('paid weekly, on Fridays');
    expect(payment).toHaveTextContent('1-2 business days');
    // The example follows the shared fee rule: 4 h × 1,000 = 4,000 + 200 fee.
    expect(payment).toHaveTextContent('J$ 4,200');

    const cancel = screen
      .getByRole('heading', { level: 2, name: 'The 24-hour cancellation rule' })
      .closest('section')!;
    expect(cancel).toHaveTextContent('Cancel 24 hours or more before the start');
    expect(cancel).toHaveTextContent('You pay nothing.');
    expect(cancel).toHaveTextContent('50% of the booking subtotal');
    expect(screen.getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', '/support');
    expect(screen.getAllByRole('link', { name: 'Sign up free' })[0]).toHaveAttribute('href', '/signup');
  });

  it('Caregiver resources: the three groups with Jamaican specifics and the tips lists', () => {
    renderPage(CaregiverResourcesPage, '/caregiver-resources');
    expect(h2s()).toEqual(
      expect.arrayContaining([
        'Training and certification',
        'Business development',
        'Safety and legal',
        'Tips from experienced caregivers',
      ]),
    );
    const text = document.body.textContent ?? '';
    for (const term of ['HEART/NSTA Trust', 'Red Cross', 'TRN', 'National Insurance Scheme', 'income tax']) {
      expect(text).toContain(term);
    }
    expect(screen.getByRole('heading', { level: 3, name: 'Your first booking' })).toBeInTheDocument();
  });

  it('Success stories: three testimonials and the live numbers', async () => {
    renderPage(SuccessStoriesPage, '/success-stories', {
      'GET /api/stats/public': {
        body: { caregivers: 1250, families: 3400, completedBookings: 9876, parishes: 14 },
      },
    });
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(3);
    for (const figure of figures) {
      // First name + initial, then the town.
      expect(within(figure).getByText(/^[A-Z][a-z-]+(-[A-Z][a-z]+)? [A-Z]\.$/)).toBeInTheDocument();
    }
    expect(screen.getByText('Shanique R.')).toBeInTheDocument();
    expect(await screen.findByText('1,250')).toBeInTheDocument();
    expect(screen.getByText('3,400')).toBeInTheDocument();
    expect(screen.getByText('9,876')).toBeInTheDocument();
    expect(screen.getByText('Parishes served (of 14)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find care' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: 'Share your story' })).toHaveAttribute('href', '/support');
  });

  it('Success stories: hides the numbers if they cannot be loaded', async () => {
    const { calls } = renderPage(SuccessStoriesPage, '/success-stories', {
      'GET /api/stats/public': { status: 500, body: { message: 'boom' } },
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/stats/public')).toBe(true));
    await waitFor(() => expect(screen.queryByText('Completed bookings')).toBeNull());
    expect(screen.getAllByRole('figure')).toHaveLength(3);
  });

  it.each([
    [TermsOfServicePage, '/terms-of-service', ['18 years old', '5%', '24 hours', '30 days']],
    [
      PrivacyPolicyPage,
      '/privacy-policy',
      ['Data Protection Act, 2020', 'within about 30 days', 'within 30 days'],
    ],
    [TermsOfUsePage, '/terms-of-use', ['18 years old', 'robots.txt']],
  ] as const)(
    'legal page %#: effective date, a table of contents that matches the headings',
    async (Page, path, musts) => {
      renderPage(Page, path);
      const time = screen.getByText('July 16, 2025');
      expect(time.tagName).toBe('TIME');
      expect(time).toHaveAttribute('datetime', '2025-07-16');
      const toc = screen.getByRole('navigation', { name: 'Contents' });
      const links = within(toc).getAllByRole('link');
      expect(links.length).toBeGreaterThanOrEqual(10);
      for (const link of links) {
        const id = link.getAttribute('href')!.slice(1);
        const heading = document.getElementById(id);
        expect(heading?.tagName).toBe('H2');
        expect(heading).toHaveTextContent(link.textContent ?? '');
      }
      const text = document.body.textContent ?? '';
      for (const must of musts) expect(text).toContain(must);
      // The support address comes from the server's settings.
      expect((await screen.findAllByRole('link', { name: 'help@yaadcare.jm' }))[0]).toHaveAttribute(
        'href',
        'mailto:help@yaadcare.jm',
      );
    },
  );

  it('Additional services: six categories linking to search, the Jamaicans-abroad section, search and signup', () => {
    renderPage(YaadcareServicesPage, '/yaadcare-services');
    const categories = screen
      .getByRole('heading', { level: 2, name: 'Our additional services' })
      .closest('section')!;
    expect(within(categories).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Find senior care' })).toHaveAttribute(
      'href',
      '/search?type=senior-care',
    );
    expect(screen.getByRole('link', { name: 'Find a handyman' })).toHaveAttribute(
      'href',
      '/search?type=maintenance',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Why families choose YaadCare' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Living abroad? Arrange care for your parents back home',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search now' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup');
  });
});
