import { jamaicaInstantAt } from '../../shared/booking-rules';
import { addJamaicaDays } from '../../shared/contracts/payments';
import { jamaicaToday } from '../../shared/time';
import type { Tx } from '../db/client';
import { meetings } from '../db/schema';

/**
 * A pending meeting request (issue 33, ADR 0047) from the demo family to the demo caregiver: a 15-minute video
 * call at one of three times over the next days, so the caregiver login finds it under "Needs your answer"
 * and the family login under "Upcoming". Only the row: no notice, nothing charged.
 */
export async function seedDemoMeetings(
  tx: Tx,
  now: Date,
  ids: { familyId: number; caregiverId: number },
): Promise<number> {
  const today = jamaicaToday(now);
  const times = [
    jamaicaInstantAt(addJamaicaDays(today, 2), 10 * 60),
    jamaicaInstantAt(addJamaicaDays(today, 3), 14 * 60),
    jamaicaInstantAt(addJamaicaDays(today, 4), 16 * 60 + 30),
  ];
  const createdAt = new Date(now.getTime() - 3 * 3_600_000);
  const [row] = await tx
    .insert(meetings)
    .values({
      familyId: ids.familyId,
      caregiverId: ids.caregiverId,
      mode: 'video',
      minutes: 15,
      status: 'requested',
      proposedTimes: times.map((t) => t.toISOString()),
      note: 'Hi Shanique, before we book I would love a quick video chat so you can meet the children.',
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: meetings.id });
  return row.id;
}
