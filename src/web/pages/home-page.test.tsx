// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCaregiver } from '../test/caregivers';
import { renderRoute, stubFetch } from '../test/render';
import HomePage from './home-page';

const KINDS = [
  { kind: 'child-care', count: 14 },
  { kind: 'babysitters', count: 9 },
  { kind: 'tutors', count: 1 },
  { kind: 'senior-care', count: 7 },
  { kind: 'special-needs', count: 3 },
  { kind: 'housekeepers', count: 6 },
  { kind: 'janitors', count: 2 },
  { kind: 'maintenance', count: 0 },
];

function stubHome() {
  return stubFetch({
    'GET /api/caregivers/search': {
      body: [
        makeCaregiver({ id: 1 }),
        makeCaregiver({
          id: 2,
          isVerified: false,
          verifiedFacts: [],
          availability: ['Available Now'],
          // The server's next free time, already reached: free now.
          nextAvailableAt: '2026-01-01T12:00:00.000Z',
        }),
      ],
      headers: { 'X-Total-Count': '2' },
    },
    'GET /api/caregivers/kinds': { body: KINDS },
    'GET /api/config': { body: { demoMode: false, supportEmail: 'help@yaadcare.jm' } },
  });
}

describe('HomePage', () => {
  it('passes the chosen service and the location on to /search', () => {
    stubHome();
    renderRoute(<HomePage />);
    const form = screen.getByRole('search', { name: 'Find caregivers' });
    fireEvent.change(within(form).getByLabelText('Service'), { target: { value: 'tutors' } });
    fireEvent.change(within(form).getByLabelText('Location'), { target: { value: ' Kingston ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/search?type=tutors&location=Kingston');
  });

  it('sends neither service nor location when they are left alone', () => {
    stubHome();
    renderRoute(<HomePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location').textContent).toBe('/search');
  });

  it('shows 3 skeletons, then the top-rated caregivers with live availability badges', async () => {
    const { calls } = stubHome();
    renderRoute(<HomePage />);
    // The part below the hero is a chunk of its own (ADR 0023).
    expect(await screen.findAllByTestId('caregiver-card-skeleton')).toHaveLength(3);
    const featured = screen.getByRole('region', { name: 'Featured Caregivers' });
    await waitFor(() => expect(within(featured).getAllByRole('article')).toHaveLength(2));
    expect(calls.some((c) => c.url === '/api/caregivers/search?sort=rating&limit=3')).toBe(true);
    expect(within(featured).getByText('Available now')).toBeInTheDocument();
    expect(within(featured).getAllByText('Verified')).toHaveLength(1);
    expect(within(featured).getAllByText('Not yet verified')).toHaveLength(1);
    expect(within(featured).getByRole('link', { name: 'View All Caregivers' })).toHaveAttribute(
      'href',
      '/search',
    );
  });

  it('lists every kind with its real count, each linking to a filtered search', async () => {
    stubHome();
    renderRoute(<HomePage />);
    const grid = await screen.findByRole('region', { name: 'Care for every need' });
    const tutors = within(grid).getByRole('link', { name: /Tutors & Education/ });
    expect(tutors).toHaveAttribute('href', '/search?type=tutors');
    await waitFor(() => expect(tutors).toHaveTextContent('1 caregiver'));
    expect(within(grid).getByRole('link', { name: /Child care & Nannies/ })).toHaveTextContent(
      '14 caregivers',
    );
    expect(within(grid).getAllByRole('link')).toHaveLength(8);
  });

  it('sets the title and WebSite structured data with a search action', () => {
    stubHome();
    renderRoute(<HomePage />);
    expect(document.title).toBe('YaadCare — Trusted caregivers across Jamaica');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/`,
    );
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      'YaadCare — Trusted caregivers across Jamaica',
    );
    const script = document.head.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}');
    expect(data['@type']).toBe('WebSite');
    expect(data.potentialAction.target.urlTemplate).toBe(
      `${window.location.origin}/search?q={search_term_string}`,
    );
    expect(data.potentialAction['query-input']).toBe('required name=search_term_string');
    expect(screen.getByRole('link', { name: 'Find Care Now' })).toHaveAttribute('href', '/search');
  });

  it('opens the help panel; Escape closes it and focus goes back to the button', async () => {
    stubHome();
    renderRoute(<HomePage />);
    const button = screen.getByRole('button', { name: 'Help' });
    fireEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Welcome to YaadCare' });
    expect(within(panel).getByRole('link', { name: 'Tutorial for Families' })).toHaveAttribute(
      'href',
      '/how-it-works',
    );
    expect(within(panel).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
    expect(await within(panel).findByRole('link', { name: 'Email Us' })).toHaveAttribute(
      'href',
      'mailto:help@yaadcare.jm',
    );
    expect(
      within(panel).getByText('Help centre open 24/7; we reply within one business day'),
    ).toBeInTheDocument();
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});
