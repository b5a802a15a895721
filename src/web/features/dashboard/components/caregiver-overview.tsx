import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import type { CaregiverDashboardResponse } from '../api';
import { AchievementItem, EarnedList } from './caregiver-badges';
import { BookingList, type RateFamilySlot } from './caregiver-booking-list';
import { HeadlineStats } from './caregiver-stats';
import { DashboardSection } from './dashboard-section';

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
        <DashboardSection id="recent-bookings" title="Recent bookings">
          <BookingList bookings={data.recentBookings} limit={5} rateFamily={rateFamily} />
        </DashboardSection>
        <div className="space-y-6">
          {status}
          <DashboardSection id="next-achievements" title="Next achievements">
            {data.nextAchievements.length ? (
              <ul className="space-y-2">
                {data.nextAchievements.map((a) => (
                  <AchievementItem key={a.id} a={a} />
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">Every badge earned. Legendary!</p>
            )}
          </DashboardSection>
          <DashboardSection id="recent-activity" title="Recent activity" spacing="space-y-2">
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
          </DashboardSection>
        </div>
      </div>
      <DashboardSection id="overview-badges" title={<>Badges earned ({data.badges.length})</>}>
        <EarnedList badges={data.badges.slice(0, 4)} />
        <h3 className="text-lg font-bold">Achievements available</h3>
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.achievements.map((a) => (
            <AchievementItem key={a.id} a={a} />
          ))}
        </ul>
      </DashboardSection>
    </div>
  );
}
