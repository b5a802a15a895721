// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCaregiver } from '../../../test/caregivers';
import { renderRoute, stubFetch } from '../../../test/render';
import { AvailabilityBadge, SelfReportedCredentials, TrustBadge, VerifiedFacts } from './badges';
import { CaregiverCard } from './caregiver-card';

// Monday 23 November 2026, 10:00 in Jamaica.
const now = new Date('2026-11-23T15:00:00Z');

describe('trust and availability badges (issue 15)', () => {
  it.each([
    ['2026-11-23T15:00:00.000Z', 'Available now'],
    ['2026-11-23T22:00:00.000Z', 'Available today'],
    ['2026-11-24T11:00:00.000Z', 'Available tomorrow'],
    ['2026-11-28T13:00:00.000Z', 'Next available Sat 28 Nov'],
  ])('nextAvailableAt %s reads "%s"', (next, label) => {
    render(<AvailabilityBadge nextAvailableAt={next} now={now} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('shows no availability badge when nothing is free in the next 14 days (never "Available Tomorrow" by default)', () => {
    const { container } = render(<AvailabilityBadge nextAvailableAt={null} now={now} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says "Not yet verified" plainly for an unverified caregiver, "Verified" only when verified', () => {
    const { rerender } = render(<TrustBadge isVerified={false} />);
    expect(screen.getByText('Not yet verified')).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    rerender(<TrustBadge isVerified />);
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText('Not yet verified')).not.toBeInTheDocument();
  });

  it('labels every credential self-reported', () => {
    render(<SelfReportedCredentials items={['CPR Certified', 'Teaching Credential']} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'CPR Certified (self-reported)',
      'Teaching Credential (self-reported)',
    ]);
    expect(screen.getByText(/YaadCare has not reviewed a certificate/)).toBeInTheDocument();
  });

  it('lists verified facts with their dates, or says nothing was verified', () => {
    const { rerender } = render(
      <VerifiedFacts
        firstName="Shanique"
        facts={[
          { kind: 'identity', verifiedAt: '2026-03-02T16:00:00.000Z' },
          { kind: 'background_check', verifiedAt: '2026-03-02T16:00:00.000Z' },
        ]}
      />,
    );
    expect(screen.getByText('Identity verified').parentElement).toHaveTextContent('on March 2, 2026');
    expect(screen.getByText('Background check completed')).toBeInTheDocument();
    rerender(<VerifiedFacts firstName="Shanique" facts={[]} />);
    expect(screen.getByText(/has not verified Shanique's identity or background yet/)).toBeInTheDocument();
  });

  it('a search card of an unverified caregiver: Not yet verified, badge from nextAvailableAt', () => {
    stubFetch();
    renderRoute(
      <CaregiverCard
        now={now}
        caregiver={makeCaregiver({
          isVerified: false,
          verifiedFacts: [],
          availability: ['Weekdays', 'Available Now'],
          nextAvailableAt: '2026-11-24T14:00:00.000Z',
        })}
      />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByText('Not yet verified')).toBeInTheDocument();
    expect(within(card).getByText('Available tomorrow')).toBeInTheDocument();
    expect(within(card).queryByText(/^Verified$/)).not.toBeInTheDocument();
    expect(within(card).queryByText(/Available now/i)).not.toBeInTheDocument();
  });
});
