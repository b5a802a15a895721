// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jamaicaMonth, monthLabel, previousMonth } from '../../../../shared/time';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeStatement } from '../test-fixtures';
import { CircleStatement } from './circle-statement';

const thisMonth = jamaicaMonth();
const lastMonth = previousMonth(thisMonth);

/** The server's answer for a month: the months given (last month unless told) have two visits, any other none. */
function stubStatement(withVisits: readonly string[] = [lastMonth]) {
  return stubFetch({
    'GET /api/circles/5/statement': (call) => {
      const month = new URL(call.url, 'http://x').searchParams.get('month') ?? '';
      return {
        body: withVisits.includes(month)
          ? makeStatement({ month, monthLabel: monthLabel(month) })
          : makeStatement({
              month,
              monthLabel: monthLabel(month),
              lines: [],
              estimates: [],
              missingRates: [],
            }),
      };
    },
  });
}

const render = () =>
  renderRoute(<CircleStatement circleId={5} createdAt="2020-01-01T15:00:00.000Z" />, {
    path: '/circles/:id',
    url: '/circles/5',
    user: makeUser(),
  });

describe('CircleStatement', () => {
  it('this month empty: opens on last month, with the visits, totals, the server’s estimates and both downloads', async () => {
    const { calls } = stubStatement();
    render();
    const table = await screen.findByRole('table');
    expect(screen.getByLabelText('Month')).toHaveValue(lastMonth);
    expect(calls.map((c) => c.url)).toEqual([
      `/api/circles/5/statement?month=${thisMonth}&format=json`,
      `/api/circles/5/statement?month=${lastMonth}&format=json`,
    ]);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Time (Jamaica)', 'Caregiver', 'Hours', 'Total', 'Status', 'Payment']);
    const rows = screen.getAllByTestId('statement-line');
    expect(rows[0]).toHaveTextContent('Thu, 5 Nov9:00 AM – 1:00 PMShanique W.4 hJ$ 6,300CompletedCharged');
    expect(rows[1]).toHaveTextContent('J$ 9,450ConfirmedNot paid yet');
    expect(screen.getByRole('rowheader')).toHaveTextContent('Total, 2 visits');
    expect(screen.getByTestId('statement-total')).toHaveTextContent('J$ 15,750');
    expect(screen.getByText('Still to come or to complete').nextSibling).toHaveTextContent('J$ 9,450');
    // No late fees this month: no row for them.
    expect(screen.queryByText('Late-cancellation fees')).toBeNull();
    const estimates = screen.getByTestId('statement-estimates');
    expect(estimates).toHaveTextContent(
      '≈ C$138.64 at J$ 113.60 per C$ on 30 Nov 2026 — you are charged J$ 15,750',
    );
    expect(estimates).toHaveTextContent('No GBP rate is kept, so there is no estimate in GBP.');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/circles/5/statement?month=${lastMonth}&format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/circles/5/statement?month=${lastMonth}&format=pdf`,
    );
    // The wide table scrolls in its own box, which a keyboard can reach.
    expect(screen.getByRole('region', { name: `Visits in ${monthLabel(lastMonth)}` })).toHaveAttribute(
      'tabindex',
      '0',
    );
    // A phone gets one card per visit with every figure labelled (the table is hidden there by CSS).
    const cards = screen.getAllByTestId('statement-card');
    expect(cards).toHaveLength(2);
    const facts = within(cards[1])
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(facts).toEqual([
      ['Time (Jamaica)', '9:00 AM – 3:00 PM'],
      ['Caregiver', 'Shanique W.'],
      ['Hours', '6 h'],
      ['Total', 'J$ 9,450'],
      ['Status', 'Confirmed'],
      ['Payment', 'Not paid yet'],
    ]);
  });

  it('opens on this month when it has visits, not on an empty last month (issue 32, item 8)', async () => {
    const { calls } = stubStatement([thisMonth]);
    render();
    await screen.findByRole('table');
    expect(screen.getByLabelText('Month')).toHaveValue(thisMonth);
    expect(calls).toHaveLength(1);
  });

  it('walks back to the latest month with visits; with none at all, shows this month empty', async () => {
    const older = previousMonth(lastMonth);
    stubStatement([older]);
    const first = render();
    await screen.findByRole('table');
    expect(screen.getByLabelText('Month')).toHaveValue(older);
    first.unmount();
    stubStatement([]);
    render();
    expect(await screen.findByTestId('statement-empty')).toHaveTextContent(
      `No visits are counted for ${monthLabel(thisMonth)}.`,
    );
    expect(screen.getByLabelText('Month')).toHaveValue(thisMonth);
  });

  it('offers this month and earlier, never a later one; an empty month says so', async () => {
    stubStatement([thisMonth]);
    render();
    await screen.findByRole('table');
    const select = screen.getByLabelText('Month');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(options[0]).toBe(thisMonth);
    expect(options[1]).toBe(lastMonth);
    fireEvent.change(select, { target: { value: lastMonth } });
    expect(await screen.findByTestId('statement-empty')).toHaveTextContent(
      `No visits are counted for ${monthLabel(lastMonth)}.`,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('says when the statement cannot be read, with the server’s reason', async () => {
    stubFetch({
      'GET /api/circles/5/statement': {
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Only payers and coordinators can read the statement' },
      },
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only payers and coordinators can read the statement',
    );
  });
});
