import { eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reliabilityWords } from '../../shared/reliability';
import { caregiverReliability, caregivers } from '../db/schema';
import { reliabilityService } from '../features/reliability/service';
import { reliabilityForTests } from '../features/reliability/testing';
import { seedDemoForThisFile } from './testing';

/** The demo's visible reliability record (ADR 0035), computed at seeding by the same code as the app's. */
const demo = seedDemoForThisFile();

describe('the demo reliability record', () => {
  it('shows one caregiver with 12 of 13 visits kept, 1 late cancellation, every check-in on time', async () => {
    const rows = await demo
      .db()
      .select()
      .from(caregiverReliability)
      .where(gt(caregiverReliability.lateCancellations, 0));
    const shown = rows.find((r) => r.completed === 12 && r.lateCancellations === 1);
    expect(shown).toBeDefined();
    const record = await reliabilityService.recordOf(demo.db(), shown!.caregiverId);
    expect(reliabilityWords(record)).toEqual({
      visits: 'Completed 12 of 13 visits, cancelled 1 late',
      onTime: 'On time for 12 of 12 check-ins',
    });
    // The search's copy of the score is the record's.
    const [c] = await demo.db().select().from(caregivers).where(eq(caregivers.id, shown!.caregiverId));
    expect(c.reliabilityScore).toBe(shown!.score);
    expect(c.isListed).toBe(true);
  });

  it('stores a record for every caregiver, the same a recomputation gives', async () => {
    const before = await demo.db().select().from(caregiverReliability);
    const all = await demo.db().select({ id: caregivers.id }).from(caregivers);
    expect(before).toHaveLength(all.length);
    await reliabilityForTests.refreshAll(demo.db(), demo.now);
    const after = await demo.db().select().from(caregiverReliability);
    const strip = (r: (typeof before)[number]) => ({ ...r, computedAt: null });
    expect(after.map(strip).sort((a, b) => a.caregiverId - b.caregiverId)).toEqual(
      before.map(strip).sort((a, b) => a.caregiverId - b.caregiverId),
    );
  });
});
