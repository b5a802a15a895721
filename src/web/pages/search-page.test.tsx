// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCaregiver } from '../test/caregivers';
import { type RecordedCall, renderRoute, stubFetch } from '../test/render';
import SearchPage, { countLine } from './search-page';

const tutor = makeCaregiver({
  id: 9,
  user: { firstName: 'Andre', lastName: 'Campbell', profileImageUrl: null, location: 'Kingston' },
  kinds: ['tutors'],
  skills: ['Homework Help', 'Educational Support'],
});

function searchCalls(calls: RecordedCall[]) {
  return calls
    .filter((c) => c.url.startsWith('/api/caregivers/search'))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
}

function stubSearch(items = [tutor], total = items.length) {
  return stubFetch({
    'GET /api/caregivers/search': { body: items, headers: { 'X-Total-Count': String(total) } },
    'GET /api/config': { body: { demoMode: false, supportEmail: 'help@yaadcare.jm' } },
  });
}

describe('SearchPage', () => {
  it('reads its filters from the URL and sends the care type to the server', async () => {
    const { calls } = stubSearch([tutor], 31);
    renderRoute(<SearchPage />, { path: '/search', url: '/search?type=Tutors&location=Kingston' });
    expect(screen.getByRole('heading', { level: 1, name: 'Find Caregivers Near You' })).toBeInTheDocument();
    expect(screen.getAllByTestId('caregiver-card-skeleton')).toHaveLength(6);
    expect(await screen.findByText('31 caregivers available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Andre C.' })).toHaveAttribute('href', '/caregiver/9');
    expect(searchCalls(calls)).toEqual([{ type: 'tutors', location: 'Kingston', limit: '24' }]);
    expect(screen.getByLabelText('Care type')).toHaveValue('tutors');
    expect(document.title).toBe('Find Caregivers Near You · YaadCare');
  });

  it('puts a quick filter in the URL and searches with it', async () => {
    const { calls } = stubSearch();
    renderRoute(<SearchPage />, { path: '/search', url: '/search?type=tutors&page=2' });
    await screen.findByText('1 caregiver available');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    fireEvent.click(within(filters).getByRole('button', { name: 'Safety Certified' }));
    await waitFor(() => expect(searchCalls(calls)).toHaveLength(2));
    expect(searchCalls(calls)[1]).toEqual({
      type: 'tutors',
      experience: '3',
      skills: 'First Aid Certified,CPR Certified',
      limit: '24',
    });
    expect(within(filters).getByRole('button', { name: 'Safety Certified' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(filters).getByLabelText('First Aid Certified')).toBeChecked();
    expect(within(filters).getByLabelText('Experience')).toHaveValue('3');
  });

  it('applies the quick bar location with Search, and rates on Enter as whole numbers only', async () => {
    const { calls } = stubSearch();
    renderRoute(<SearchPage />, { path: '/search' });
    await screen.findByText('1 caregiver available');
    const bar = screen.getByRole('search', { name: 'Search caregivers' });
    fireEvent.change(within(bar).getByLabelText('Location'), { target: { value: ' Portmore ' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searchCalls(calls).at(-1)).toEqual({ location: 'Portmore', limit: '24' }));

    const filters = screen.getByRole('complementary', { name: 'Filters' });
    fireEvent.change(within(filters).getByLabelText('Min rate'), { target: { value: '12.5' } });
    fireEvent.keyDown(within(filters).getByLabelText('Min rate'), { key: 'Enter' });
    expect(
      within(filters).getByText('Rates are whole numbers of JMD, like 1200. This rate is not applied.'),
    ).toBeInTheDocument();
    fireEvent.change(within(filters).getByLabelText('Min rate'), { target: { value: '800' } });
    fireEvent.keyDown(within(filters).getByLabelText('Min rate'), { key: 'Enter' });
    await waitFor(() =>
      expect(searchCalls(calls).at(-1)).toEqual({ location: 'Portmore', minRate: '800', limit: '24' }),
    );
    fireEvent.click(within(filters).getByRole('button', { name: 'J$ 1,200+' }));
    await waitFor(() =>
      expect(searchCalls(calls).at(-1)).toEqual({ location: 'Portmore', minRate: '1200', limit: '24' }),
    );
    expect(within(filters).getByLabelText('Min rate')).toHaveValue('1200');
  });

  it('says what is wrong with a rate range, accessibly, and Reset clears it', async () => {
    const { calls } = stubSearch();
    renderRoute(<SearchPage />, { path: '/search' });
    await screen.findByText('1 caregiver available');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const min = within(filters).getByLabelText('Min rate');
    const max = within(filters).getByLabelText('Max rate');
    fireEvent.change(min, { target: { value: '2000' } });
    fireEvent.change(max, { target: { value: '1000' } });
    fireEvent.blur(max);
    const message = within(filters).getByText(
      'The minimum rate must not be above the maximum. This range is not applied.',
    );
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAccessibleDescription(message.textContent!);
    expect(searchCalls(calls)).toEqual([{ limit: '24' }]);

    fireEvent.change(min, { target: { value: 'cheap' } });
    fireEvent.keyDown(min, { key: 'Enter' });
    expect(
      within(filters).getByText('Rates are whole numbers of JMD, like 1200. This rate is not applied.'),
    ).toBeInTheDocument();

    fireEvent.click(within(filters).getByRole('button', { name: 'Reset filters' }));
    expect(within(filters).queryByText(/This (rate|range) is not applied/)).not.toBeInTheDocument();
    expect(within(filters).getByLabelText('Min rate')).toHaveValue('');
    expect(within(filters).getByLabelText('Max rate')).toHaveValue('');
    expect(within(filters).getByLabelText('Min rate')).not.toHaveAttribute('aria-invalid');
  });

  it('shows a rate from the link that could not be applied, with its message', async () => {
    const { calls } = stubSearch();
    renderRoute(<SearchPage />, { path: '/search', url: '/search?minRate=abc&maxRate=1500' });
    await screen.findByText('1 caregiver available');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(filters).getByLabelText('Min rate')).toHaveValue('abc');
    expect(within(filters).getByLabelText('Min rate')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(filters).getByText('Rates are whole numbers of JMD, like 1200. This rate is not applied.'),
    ).toBeInTheDocument();
    expect(searchCalls(calls)).toEqual([{ maxRate: '1500', limit: '24' }]);
  });

  it('names the currency on the suggested rate chips: J$, never a bare $ (issue 32 item 14)', async () => {
    stubSearch();
    renderRoute(<SearchPage />, { path: '/search' });
    await screen.findByText('1 caregiver available');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const chips = within(within(filters).getByRole('list', { name: 'Suggested ranges' })).getAllByRole(
      'button',
    );
    expect(chips.map((c) => c.textContent)).toEqual(['J$ 500–800', 'J$ 800–1,200', 'J$ 1,200+']);
  });

  it('says so when the link has the lowest rate above the highest, and shows the range it searched (issue 32 item 14)', async () => {
    const { calls } = stubSearch();
    renderRoute(<SearchPage />, { path: '/search', url: '/search?minRate=5000&maxRate=100' });
    await screen.findByText('1 caregiver available');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(
      within(filters).getByText(
        'The lowest rate in the link (J$ 5,000) was above the highest (J$ 100): showing rates from J$ 100 to J$ 5,000.',
      ),
    ).toBeInTheDocument();
    expect(within(filters).getByLabelText('Min rate')).toHaveValue('100');
    expect(within(filters).getByLabelText('Max rate')).toHaveValue('5000');
    expect(searchCalls(calls)).toEqual([{ minRate: '100', maxRate: '5000', limit: '24' }]);
  });

  it('takes a page past the last one to the last page, never "0 results" beside a pager', async () => {
    const { calls } = stubFetch({
      'GET /api/caregivers/search': (req) =>
        new URL(req.url, 'http://x').searchParams.get('offset') === String(98 * 24)
          ? { body: [], headers: { 'X-Total-Count': '31' } }
          : { body: [tutor], headers: { 'X-Total-Count': '31' } },
      'GET /api/config': { body: { demoMode: false, supportEmail: 'help@yaadcare.jm' } },
    });
    renderRoute(<SearchPage />, { path: '/search', url: '/search?type=tutors&page=99' });
    expect(await screen.findByText('31 caregivers available')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No caregivers found' })).not.toBeInTheDocument();
    expect(searchCalls(calls).at(-1)).toEqual({ type: 'tutors', limit: '24', offset: '24' });
    expect(screen.getByRole('navigation', { name: 'Pages of results' })).toHaveTextContent('Page 2 of 2');
  });

  it('shows the empty state, whose Clear All Filters empties the URL', async () => {
    const { calls } = stubSearch([], 0);
    renderRoute(<SearchPage />, { path: '/search', url: '/search?type=maintenance&parish=Hanover' });
    expect(await screen.findByRole('heading', { name: 'No caregivers found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search in a different area.')).toBeInTheDocument();
    expect(screen.getByText('0 caregivers available')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    await waitFor(() => expect(searchCalls(calls).at(-1)).toEqual({ limit: '24' }));
  });

  it('shows an inline error with Retry when the search fails', async () => {
    let fail = true;
    stubFetch({
      'GET /api/caregivers/search': () =>
        fail
          ? { status: 503, body: { message: 'down' } }
          : { body: [tutor], headers: { 'X-Total-Count': '1' } },
    });
    renderRoute(<SearchPage />, { path: '/search' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load caregivers.");
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 caregiver available')).toBeInTheDocument();
  });

  it('opens the parish map with counts; choosing a parish filters the list', async () => {
    const { calls } = stubFetch({
      'GET /api/caregivers/search': { body: [tutor], headers: { 'X-Total-Count': '1' } },
      'GET /api/caregivers/parish-counts': {
        body: [
          { parish: 'Kingston', count: 4 },
          { parish: 'St. Andrew', count: 12 },
          { parish: 'Hanover', count: 0 },
        ],
      },
    });
    renderRoute(<SearchPage />, { path: '/search', url: '/search?type=tutors&page=3' });
    fireEvent.click(screen.getByRole('button', { name: 'Map View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Caregivers by parish' });
    const link = await within(dialog).findByRole('link', { name: 'St. Andrew, 12 caregivers' });
    expect(link).toHaveAttribute('href', '/search?type=tutors&parish=St.+Andrew');
    expect(calls.find((c) => c.url.startsWith('/api/caregivers/parish-counts'))?.url).toBe(
      '/api/caregivers/parish-counts?type=tutors',
    );
    fireEvent.click(link);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(searchCalls(calls).at(-1)).toEqual({ type: 'tutors', parish: 'St. Andrew', limit: '24' }),
    );
  });
});

describe('SearchPage: a caregiver with no reviews', () => {
  it('says "New" on the card, not a 0.0 rating with "(0 reviews)" (issue 32 item 13)', async () => {
    const newcomer = makeCaregiver({ id: 11, averageRating: '0', totalReviews: 0 });
    stubSearch([newcomer]);
    renderRoute(<SearchPage />, { path: '/search', url: '/search' });
    const card = (await screen.findByRole('link', { name: 'Shanique W.' })).closest('article')!;
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('0.0');
    expect(card).not.toHaveTextContent('0 reviews');
    expect(within(card).queryByRole('img', { name: /^Rated/ })).toBeNull();
  });
});

describe('countLine', () => {
  it("says '{n} caregiver(s) available', with '+' when the server stopped counting", () => {
    expect(countLine(1)).toBe('1 caregiver available');
    expect(countLine(0)).toBe('0 caregivers available');
    expect(countLine(1234)).toBe('1,234 caregivers available');
    expect(countLine(1000, false)).toBe('1,000+ caregivers available');
  });
});
