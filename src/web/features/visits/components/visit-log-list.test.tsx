// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VisitEntry } from '../../../../shared/contracts/visits';
import type { OutboxItem } from '../outbox';
import { VisitLogList } from './visit-log-list';

const entry = (over: Partial<VisitEntry>): VisitEntry => ({
  id: 1,
  bookingId: 7,
  clientId: 'c-1',
  kind: 'check_in',
  details: {},
  authorUserId: 3,
  recordedAt: '2030-03-01T14:02:00.000Z',
  receivedAt: '2030-03-01T14:02:01.000Z',
  locationAccuracyM: null,
  ...over,
});

const queued = (over: Partial<OutboxItem>): OutboxItem => ({
  clientId: 'q-1',
  bookingId: 7,
  path: 'log',
  body: { clientId: 'q-1', kind: 'meal', text: 'Rice and peas', recordedAt: '2030-03-01T14:30:00.000Z' },
  queuedAt: '2030-03-01T14:30:00.000Z',
  state: 'waiting',
  ...over,
});

describe('VisitLogList', () => {
  it("shows the server's entries, then what waits and what was refused, in the reader's zone beside Jamaica's", () => {
    const onDismiss = vi.fn();
    render(
      <VisitLogList
        timeZone="America/Toronto"
        entries={[
          entry({}),
          entry({
            id: 2,
            clientId: 'c-2',
            kind: 'incident',
            details: { severity: 'high', text: 'A fall in the kitchen' },
          }),
        ]}
        pending={[
          queued({}),
          queued({
            clientId: 'q-2',
            path: 'log',
            body: { clientId: 'q-2', kind: 'medication', name: 'Metformin', dose: '500 mg', time: '09:30' },
            state: 'refused',
            reason: 'Check in first.',
          }),
          // Sent meanwhile: the server's entry is shown, not the queued copy.
          queued({ clientId: 'c-2' }),
        ]}
        onDismiss={onDismiss}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Visit log entries' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Checked in9:02 AM Toronto (9:02 AM Jamaica)',
      'Incident9:02 AM Toronto (9:02 AM Jamaica)High severity: A fall in the kitchen',
      'Meal9:30 AM Toronto (9:30 AM Jamaica)Rice and peasWaiting to send',
      'Medication given9:30 AM Toronto (9:30 AM Jamaica)Metformin, 500 mg at 09:30Not saved: Check in first.Remove from the list',
    ]);
    expect(items[1].className).toContain('destructive');
    screen.getByRole('button', { name: 'Remove from the list' }).click();
    expect(onDismiss).toHaveBeenCalledWith('q-2');
  });

  it('shows a photo from the access-checked route, its caption as the alternative text', () => {
    render(
      <VisitLogList
        timeZone={null}
        entries={[
          entry({ id: 5, kind: 'photo', details: { caption: 'Lunch outside', width: 1600, height: 1200 } }),
          entry({ id: 6, clientId: 'c-6', kind: 'photo', details: { width: 800, height: 600 } }),
        ]}
      />,
    );
    const first = screen.getByRole('img', { name: 'Lunch outside' }) as HTMLImageElement;
    expect(first.getAttribute('src')).toBe('/api/bookings/7/log/5/photo');
    expect(first.getAttribute('width')).toBe('1600');
    const second = screen.getByRole('img', { name: 'Photo from the visit' });
    expect(second.getAttribute('src')).toBe('/api/bookings/7/log/6/photo');
  });

  it('says so when the log is empty', () => {
    render(<VisitLogList entries={[]} timeZone={null} />);
    expect(screen.getByText('Nothing in the log yet.')).toBeTruthy();
  });

  it('tells the reader when an entry was sent more than 5 minutes after it was recorded, in words', () => {
    const view = render(
      <VisitLogList
        timeZone={null}
        entries={[
          // Sent 4 minutes late: nothing to say.
          entry({ recordedAt: '2030-03-01T14:02:00.000Z', receivedAt: '2030-03-01T14:06:00.000Z' }),
          // Queued offline and kept its time: the note says how late it was sent.
          entry({
            id: 2,
            clientId: 'c-2',
            kind: 'meal',
            details: { text: 'Porridge' },
            recordedAt: '2030-03-01T14:30:00.000Z',
            receivedAt: '2030-03-01T17:25:00.000Z',
            effectiveAt: '2030-03-01T14:30:00.000Z',
          }),
          // Dated back with no sign the phone was offline: shown and counted at its arrival.
          entry({
            id: 3,
            clientId: 'c-3',
            kind: 'check_out',
            recordedAt: '2030-03-01T13:58:00.000Z',
            receivedAt: '2030-03-01T16:53:00.000Z',
            effectiveAt: '2030-03-01T16:53:00.000Z',
          }),
        ]}
      />,
    );
    const list = within(view.container).getByRole('list', { name: 'Visit log entries' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Checked in9:02 AM Jamaica',
      'Meal9:30 AM JamaicaPorridgeSent 2 h 55 min after it was recorded.',
      'Checked out11:53 AM JamaicaRecorded on the phone at 8:58 AM Jamaica and sent 2 h 55 min later: counted from when it arrived.',
    ]);
    // Said in text, not by colour alone.
    expect(within(items[1]).getByText('Sent 2 h 55 min after it was recorded.').tagName).toBe('SPAN');
  });
});
