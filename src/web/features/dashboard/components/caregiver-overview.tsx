import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import type { CaregiverDashboardResponse } from '../api';
import { AchievementItem, EarnedList } from './caregiver-badges';
import { BookingList, type RateFamilySlot } from './caregiver-booking-list';
import { HeadlineStats } from './caregiver-stats';

type Data = CaregiverDashboardResponse;

/**
 * The overview tab: headline figures, recent bookings, next achievements and activity. `status` is what the
 * page puts at the top of the side column (availability and verification, from their own features).
 */
export function CaregiverOverview({
  data,
  status,
  rateFamily,
}: {
  data: Data;
  status: ReactNode;
  rateFamily: RateFamilySlot;
}) {
  return (
    <div className="space-y-6">
      <HeadlineStats stats={data.stats} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="recent-bookings" className="space-y-3">
          <h2 id="recent-bookings" className="text-xl font-bold">
            Recent bookings
          </h2>
          <BookingList bookings={data.recentBookings} limit={5} rateFamily={rateFamily} />
        </section>
        <div className="space-y-6">
          {status}
          <section aria-labelledby="next-achievements" className="space-y-3">
            <h2 id="next-achievements" className="text-xl font-bold">
              Next achievements
            </h2>
            {data.nextAchievements.length ? (
              <ul className="space-y-2">
                {data.nextAchievements.map((a) => (
                  <AchievementItem key={a.id} a={a} />
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">Every badge earned. Legendary!</p>
            )}
          </section>
          <section aria-labelledby="recent-activity" className="space-y-2">
            <h2 id="recent-activity" className="text-xl font-bold">
              Recent activity
            </h2>
            {data.recentActivity.length ? (
              <ul className="space-y-1 text-sm">
                {data.recentActivity.map((a) => (
                  <li key={`${a.kind}-${a.at}-${a.text}`}>
                    {a.text} <span className="text-muted-foreground">· {formatDate(a.at)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">Nothing yet.</p>
            )}
          </section>
        </div>
      </div>
      <section aria-labelledby="overview-badges" className="space-y-3">
        <h2 id="overview-badges" className="text-xl font-bold">
          Badges earned ({data.badges.length})
        </h2>
        <EarnedList badges={data.badges.slice(0, 4)} />
        <h3 className="text-lg font-bold">Achievements available</h3>
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.achievements.map((a) => (
            <AchievementItem key={a.id} a={a} />
          ))}
        </ul>
      </section>
    </div>
  );
}
