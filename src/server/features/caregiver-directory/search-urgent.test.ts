import { beforeAll, describe, expect, it } from 'vitest';
import { CaregiverSearchQuery } from '../../../shared/contracts/caregivers';
import { createCaregiver } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { reliabilityService } from '../reliability/service';
import { createCaregiverDirectoryService } from './service';

describe.each(DB_KINDS)('urgent=true on %s', (kind) => {
  const t = useTestApp(kind);
  const ids: Record<string, number> = {};
  const query = CaregiverSearchQuery.parse({ urgent: 'true', sort: 'rate_asc' });
  const search = async (now: Date) => {
    const service = createCaregiverDirectoryService({
      db: t.database.db,
      now: () => now,
      reliability: reliabilityService,
    });
    const found = (JSON.parse((await service.search(query)).json) as { id: number }[]).map((c) => c.id);
    return Object.entries(ids)
      .filter(([, id]) => found.includes(id))
      .map(([name]) => name)
      .join(' ');
  };

  beforeAll(async () => {
    const db = t.database.db;
    const make = async (name: string, hourlyRate: number, availability: string[]) => {
      ids[name] = (
        await createCaregiver(db, { user: { firstName: name }, hourlyRate, availability })
      ).caregiver.id;
    };
    await make('now', 1000, ['Available Now', 'Weekends']);
    await make('weekdays', 1100, ['Weekdays', 'Mornings']);
    await make('weekends', 1200, ['Weekends']);
    await make('slots', 1300, ['Monday Morning']);
  });

  it("lists 'Available Now' at any hour, and weekday caregivers during Jamaica's working hours", async () => {
    expect(await search(new Date('2025-07-14T15:00:00Z'))).toBe('now weekdays'); // Monday 10:00 in Jamaica
    expect(await search(new Date('2025-07-14T22:00:00Z'))).toBe('now'); // Monday 17:00
    expect(await search(new Date('2025-07-14T13:59:00Z'))).toBe('now'); // Monday 08:59
    expect(await search(new Date('2025-07-19T15:00:00Z'))).toBe('now'); // Saturday 10:00
    expect(await search(new Date('2025-07-18T21:59:00Z'))).toBe('now weekdays'); // Friday 16:59
  });

  it("answers over HTTP with at least the 'Available Now' caregivers", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?urgent=true' });
    expect(res.statusCode).toBe(200);
    const found = res.json().map((c: { id: number }) => c.id);
    expect(found).toContain(ids.now);
    expect(found).not.toContain(ids.weekends);
    expect(found).not.toContain(ids.slots);
  });
});
