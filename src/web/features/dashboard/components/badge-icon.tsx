import {
  Award,
  CalendarCheck,
  CalendarDays,
  CalendarHeart,
  Clock,
  Crown,
  Flame,
  Gem,
  HeartHandshake,
  HeartPulse,
  Hourglass,
  IdCard,
  Landmark,
  type LucideIcon,
  Medal,
  MessageSquareHeart,
  Rocket,
  ShieldCheck,
  Sparkles,
  Star,
  Timer,
  Trophy,
  Zap,
} from 'lucide-react';
import { cn } from '../../../lib/cn';

const ICONS: Record<string, LucideIcon> = {
  award: Award,
  'calendar-check': CalendarCheck,
  'calendar-days': CalendarDays,
  'calendar-heart': CalendarHeart,
  clock: Clock,
  crown: Crown,
  flame: Flame,
  gem: Gem,
  'heart-handshake': HeartHandshake,
  'heart-pulse': HeartPulse,
  hourglass: Hourglass,
  'id-card': IdCard,
  landmark: Landmark,
  medal: Medal,
  'message-square-heart': MessageSquareHeart,
  rocket: Rocket,
  'shield-check': ShieldCheck,
  sparkles: Sparkles,
  star: Star,
  timer: Timer,
  trophy: Trophy,
  zap: Zap,
};

export const RARITY_STYLES: Record<string, string> = {
  common: 'bg-muted text-foreground',
  rare: 'bg-primary-soft text-primary-deep',
  epic: 'bg-accent-soft text-accent-foreground',
  legendary: 'bg-foreground text-background',
};

export function BadgeIcon({
  icon,
  earned,
  className,
}: {
  icon: string;
  earned: boolean;
  className?: string;
}) {
  const Icon = ICONS[icon] ?? Award;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center rounded-full',
        earned ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-6" />
    </span>
  );
}

export function RarityTag({ rarity }: { rarity: string }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold capitalize',
        RARITY_STYLES[rarity] ?? RARITY_STYLES.common,
      )}
    >
      {rarity}
    </span>
  );
}
