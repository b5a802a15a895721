import { describe, expect, it } from 'vitest';
import { jobLockKey } from '../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../test/harness';
import { signedIn } from '../test/sign-in';
import { JOBS } from './jobs';

type H = Record<string, string>;

describe.each(DB_KINDS)('POST /api/admin/jobs/:name/run on %s', (kind) => {
  const t = useTestApp(kind);
  const run = (name: string, headers: H = {}, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${encodeURIComponent(name)}/run`,
      headers,
      payload,
    });

  it('is for admins only: a visitor is 401, a family and a caregiver 403', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const caregiver = await signedIn(t.db, { userType: 'caregiver' });
    for (const name of ['care-requests.expire', 'payouts', 'no-such-job']) {
      expect((await run(name)).statusCode, name).toBe(401);
      expect((await run(name, family.headers)).statusCode, name).toBe(403);
      expect((await run(name, caregiver.headers)).statusCode, name).toBe(403);
    }
  });

  it('answers 404 JOB_NOT_FOUND for a name that is not in the job table', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    for (const name of ['no-such-job', 'payouts.friday.', 'constructor', '__proto__']) {
      const res = await run(name, admin.headers);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().code, name).toBe('JOB_NOT_FOUND');
    }
  });

  it('knows every job of the table, and takes the lock the scheduler takes', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const held = [
      ...JOBS.map((j) => [j.name, j.name]),
      ['payouts', 'payouts.friday'],
      ['bookings-lifecycle', 'bookings.lifecycle'],
    ];
    for (const [name, lockOf] of held) {
      // While another run holds the job's lock, the route runs nothing.
      const res = await t.database.withExclusiveLock(jobLockKey(lockOf), () => run(name, admin.headers));
      expect(res?.statusCode, name).toBe(200);
      expect(res?.json(), name).toEqual({ ran: false });
    }
  });

  it('runs a job other than payouts and bookings-lifecycle once, now', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const res = await run('verification.police-record-reminders', admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ran: true, result: { reminded: 0 } });
    const sweep = await run('rate-limits-sweep', admin.headers);
    expect(sweep.statusCode, sweep.body).toBe(200);
    expect(sweep.json()).toMatchObject({ ran: true });
  });
});
