import { Progress } from '../../../components/ui/progress';
import { formatDate } from '../../../lib/format';
import type { CaregiverDashboardResponse } from '../api';
import { BadgeIcon, RarityTag } from './badge-icon';
import { DashboardSection } from './dashboard-section';

type Data = CaregiverDashboardResponse;

export function AchievementItem({ a }: { a: Data['achievements'][number] }) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-border bg-surface p-3">
      <BadgeIcon icon={a.icon} earned={false} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span>{a.name}</span> <RarityTag rarity={a.rarity} />
          <span className="text-xs text-muted-foreground">{a.points} pts</span>
        </p>
        <p className="text-sm text-muted-foreground">{a.description}</p>
        <div className="mt-2 flex items-center gap-2">
          <Progress value={a.progress} label={`${a.name} progress`} className="h-2" />
          <span className="text-xs font-semibold">{a.progress}%</span>
        </div>
      </div>
    </li>
  );
}

export function EarnedList({ badges }: { badges: Data['badges'] }) {
  if (badges.length === 0)
    return <p className="text-muted-foreground">No badges yet — complete your first booking to earn one.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {badges.map((b) => (
        <li key={b.id} className="flex items-start gap-3 rounded-xl border border-border bg-surface p-3">
          <BadgeIcon icon={b.badge.icon} earned />
          <div>
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <span>{b.badge.name}</span> <RarityTag rarity={b.badge.rarity} />
            </p>
            <p className="text-sm text-muted-foreground">{b.badge.description}</p>
            <p className="text-xs text-muted-foreground">
              Earned {formatDate(b.earnedAt)} · {b.badge.points} pts
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The badges tab: points, then the badges earned and those still available. */
export function CaregiverBadges({ data }: { data: Data }) {
  return (
    <>
      <p className="text-lg">
        <span className="font-bold">{data.stats.badgePoints.toLocaleString('en-US')}</span> badge points ·{' '}
        {data.badges.length} of {data.badges.length + data.availableBadges.length} badges earned
      </p>
      <DashboardSection id="badges-earned" title="Earned">
        <EarnedList badges={data.badges} />
      </DashboardSection>
      <DashboardSection id="badges-available" title="Available">
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.availableBadges.map((a) => (
            <AchievementItem key={a.id} a={a} />
          ))}
        </ul>
      </DashboardSection>
    </>
  );
}
