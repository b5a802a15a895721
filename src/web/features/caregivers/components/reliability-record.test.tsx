// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReliabilityRecord } from '../../../../shared/contracts/reliability';
import '../../../test/render';
import { ReliabilityRecordView } from './reliability-record';

const record = (over: Partial<ReliabilityRecord> = {}): ReliabilityRecord => ({
  completed: 0,
  lateCancellations: 0,
  noShows: 0,
  checkIns: 0,
  onTimeCheckIns: 0,
  score: 0.9,
  windowMonths: 12,
  computedAt: null,
  ...over,
});

describe('the reliability record (ADR 0035)', () => {
  it('says it in plain words, with the check-ins', () => {
    render(
      <ReliabilityRecordView
        record={record({
          completed: 48,
          lateCancellations: 1,
          checkIns: 31,
          onTimeCheckIns: 30,
          score: 0.96,
        })}
      />,
    );
    expect(screen.getByText('Completed 48 of 49 visits, cancelled 1 late')).toBeInTheDocument();
    expect(screen.getByText('On time for 30 of 31 check-ins')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/%|0\.96/);
  });

  it('calls a caregiver with nothing counted new, and shows no number for them', () => {
    render(<ReliabilityRecordView record={record()} />);
    expect(screen.getByText('New to YaadCare: no visits yet')).toBeInTheDocument();
    expect(screen.queryByText(/On time/)).not.toBeInTheDocument();
    expect(screen.queryByText(/\d+ of \d+/)).not.toBeInTheDocument();
  });

  it('explains how it counts in a disclosure that opens from the keyboard', () => {
    render(<ReliabilityRecordView record={record({ completed: 3 })} />);
    const summary = screen.getByText('How we count this');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    summary.focus();
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    expect(screen.getByText(/less than 24 hours before the start/)).toBeInTheDocument();
    expect(screen.getByText(/parish emergency do not count against the caregiver/)).toBeInTheDocument();
  });
});
