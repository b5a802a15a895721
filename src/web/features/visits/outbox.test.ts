import { describe, expect, it } from 'vitest';
import { createOutbox, memoryStore, type OutboxItem, resultOfStatus, type SendResult } from './outbox';

const at = () => new Date('2030-03-01T14:00:00Z');
const item = (clientId: string, path: OutboxItem['path'] = 'log', kind = 'meal') => ({
  clientId,
  bookingId: 7,
  path,
  body: { clientId, ...(path === 'log' ? { kind, text: 'Rice' } : {}) },
});

/** A fake server: remembers every clientId it took (as the real one does) and answers as told. */
function fakeServer(answers: Record<string, SendResult | 'throw'> = {}) {
  const written: string[] = [];
  const calls: string[] = [];
  const send = async (i: OutboxItem): Promise<SendResult> => {
    calls.push(i.clientId);
    const answer = answers[i.clientId];
    if (answer === 'throw') throw new TypeError('Failed to fetch');
    if (answer) return answer;
    if (!written.includes(i.clientId)) written.push(i.clientId);
    return { outcome: 'sent' };
  };
  return { send, written, calls };
}

describe('the visit outbox', () => {
  it('keeps what is queued, in order, waiting, until it is sent', async () => {
    const store = memoryStore();
    const server = fakeServer();
    const box = createOutbox(store, server.send, at);
    await box.enqueue(item('check-in-0001', 'check-in'));
    await box.enqueue(item('meal-00000002'));
    await box.enqueue(item('medicine-0003', 'log', 'medication'));
    expect((await box.list(7)).map((i) => [i.clientId, i.state, i.queuedAt])).toEqual([
      ['check-in-0001', 'waiting', '2030-03-01T14:00:00.000Z'],
      ['meal-00000002', 'waiting', '2030-03-01T14:00:00.000Z'],
      ['medicine-0003', 'waiting', '2030-03-01T14:00:00.000Z'],
    ]);
    expect(await box.list(8)).toEqual([]);
    expect(await box.flush()).toEqual({ sent: 3, refused: 0, waiting: 0 });
    expect(server.calls).toEqual(['check-in-0001', 'meal-00000002', 'medicine-0003']);
    expect(await box.list()).toEqual([]);
  });

  it('queues one clientId once', async () => {
    const box = createOutbox(memoryStore(), fakeServer().send, at);
    await box.enqueue(item('meal-00000001'));
    await box.enqueue(item('meal-00000001'));
    expect(await box.list()).toHaveLength(1);
  });

  it('stops at a network failure and sends the rest later, in order, each once', async () => {
    const answers: Record<string, SendResult | 'throw'> = { 'meal-00000002': 'throw' };
    const server = fakeServer(answers);
    const box = createOutbox(memoryStore(), server.send, at);
    for (const id of ['check-in-0001', 'meal-00000002', 'note-00000003']) await box.enqueue(item(id));
    expect(await box.flush()).toEqual({ sent: 1, refused: 0, waiting: 2 });
    expect(server.calls).toEqual(['check-in-0001', 'meal-00000002']);
    delete answers['meal-00000002'];
    expect(await box.flush()).toEqual({ sent: 2, refused: 0, waiting: 0 });
    expect(server.written).toEqual(['check-in-0001', 'meal-00000002', 'note-00000003']);
  });

  it('runs one flush at a time: calls made together send nothing twice', async () => {
    const server = fakeServer();
    const box = createOutbox(memoryStore(), server.send, at);
    for (const id of ['check-in-0001', 'meal-00000002', 'note-00000003']) await box.enqueue(item(id));
    const results = await Promise.all([box.flush(), box.flush(), box.flush()]);
    expect(results.map((r) => r.sent)).toEqual([3, 0, 0]);
    expect(server.calls).toEqual(['check-in-0001', 'meal-00000002', 'note-00000003']);
  });

  it('keeps a refused entry with its reason, never sends it again, and goes on with the next', async () => {
    const reason = 'Check in first.';
    const server = fakeServer({ 'meal-00000001': { outcome: 'refused', reason } });
    const box = createOutbox(memoryStore(), server.send, at);
    await box.enqueue(item('meal-00000001'));
    await box.enqueue(item('note-00000002', 'log', 'note'));
    expect(await box.flush()).toEqual({ sent: 1, refused: 1, waiting: 0 });
    expect((await box.list()).map((i) => [i.clientId, i.state, i.reason])).toEqual([
      ['meal-00000001', 'refused', reason],
    ]);
    await box.flush();
    expect(server.calls).toEqual(['meal-00000001', 'note-00000002']);
    await box.dismiss('meal-00000001');
    expect(await box.list()).toEqual([]);
  });

  it('a server error or a retry status leaves the entry waiting', async () => {
    const box = createOutbox(memoryStore(), fakeServer({ 'meal-00000001': { outcome: 'retry' } }).send, at);
    await box.enqueue(item('meal-00000001'));
    expect(await box.flush()).toEqual({ sent: 0, refused: 0, waiting: 1 });
    expect((await box.list())[0].state).toBe('waiting');
  });
});

describe('resultOfStatus', () => {
  it('tells a final refusal from "try again later"', () => {
    expect(resultOfStatus(400, 'bad')).toEqual({ outcome: 'refused', reason: 'bad' });
    expect(resultOfStatus(403, 'no')).toEqual({ outcome: 'refused', reason: 'no' });
    expect(resultOfStatus(409, 'closed')).toEqual({ outcome: 'refused', reason: 'closed' });
    for (const status of [undefined, 401, 408, 429, 500, 503]) {
      expect(resultOfStatus(status, 'x')).toEqual({ outcome: 'retry' });
    }
    expect(resultOfStatus(201, '')).toEqual({ outcome: 'sent' });
  });
});
