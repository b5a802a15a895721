import {
  Baby,
  BadgeCheck,
  Briefcase,
  CalendarClock,
  FileText,
  GraduationCap,
  HandCoins,
  HeartPulse,
  Landmark,
  Receipt,
  ShieldAlert,
  ShieldCheck,
  Star,
  UserRoundPen,
} from 'lucide-react';
import { PLATFORM_FEE_PERCENT } from '../../shared/money';
import { PAYOUT_DAY } from '../../shared/pricing';
import {
  CallToAction,
  CheckList,
  FeatureCardGrid,
  type FeatureCardItem,
  InfoSection,
  PageHero,
} from '../features/info-pages/components/page-parts';
import { cn } from '../lib/cn';
import { usePageMeta } from '../lib/use-page-meta';

const TRAINING: FeatureCardItem[] = [
  {
    icon: HeartPulse,
    title: 'First aid and CPR',
    text: 'The Jamaica Red Cross runs first aid and CPR courses across the island, including care of babies and children. Families often filter for First Aid and CPR, so add your certificates to your profile as soon as you have them.',
  },
  {
    icon: GraduationCap,
    title: 'HEART/NSTA Trust programmes',
    text: 'HEART/NSTA Trust offers training, much of it free or subsidised, with nationally recognised NCTVET certification in areas such as early childhood development, care of the elderly and housekeeping. A certificate stands out on your profile.',
  },
  {
    icon: Baby,
    title: 'Early childhood care',
    text: 'If you look after children under six, the Early Childhood Commission publishes guidance on early learning, nutrition, health and safety. Short courses in early childhood education build on it.',
  },
  {
    icon: ShieldCheck,
    title: 'Special needs and senior care',
    text: 'Experience with autism, cerebral palsy, dementia or limited mobility is in demand. Training in safe lifting, medication reminders and dementia care lets you take on these bookings with confidence.',
  },
];

const BUSINESS: FeatureCardItem[] = [
  {
    icon: UserRoundPen,
    title: 'A profile that gets booked',
    text: 'Write your bio the way you would introduce yourself to a parent: who you care for, for how long, and what a day with you looks like. Add a clear photo, all your skills and every certificate you hold.',
  },
  {
    icon: HandCoins,
    title: 'Setting your rate',
    text: `Compare the typical rates on our pricing page with your experience and qualifications. The rate you set is what you earn per hour: the ${PLATFORM_FEE_PERCENT}% platform fee is added on top for the family.`,
  },
  {
    icon: Star,
    title: 'Earning reviews',
    text: 'Every completed booking can earn a review. Families you already work for can book you on YaadCare too, so their reviews appear on your profile.',
  },
  {
    icon: CalendarClock,
    title: 'Managing your time',
    text: 'Keep your availability current, answer requests quickly and decline what you cannot do. Reliable caregivers get rebooked, and rebooking is where steady income comes from.',
  },
];

const SAFETY_LEGAL: FeatureCardItem[] = [
  {
    icon: Receipt,
    title: 'Your TRN',
    text: 'Your Taxpayer Registration Number (TRN) from Tax Administration Jamaica (TAJ) is free to get. You need it to open a bank account for your payouts and to file income tax.',
  },
  {
    icon: Landmark,
    title: 'NIS contributions',
    text: 'As a self-employed caregiver you pay your own National Insurance Scheme (NIS) contributions. They build your entitlement to NIS benefits such as the old-age pension.',
  },
  {
    icon: FileText,
    title: 'Income tax',
    text: 'Money earned on YaadCare is self-employment income. Keep a record of what you earn and spend, and file your annual income tax return with TAJ by March 15. TAJ can tell you which other contributions, such as NHT and Education Tax, apply to you.',
  },
  {
    icon: BadgeCheck,
    title: 'Your police record',
    text: 'Apply to the Jamaica Constabulary Force for a Police Certificate of Character. It is one of the documents for the Verified badge, and many families ask for it.',
  },
  {
    icon: ShieldAlert,
    title: 'Protecting children and vulnerable adults',
    text: 'If you suspect that a child is being abused or neglected, report it to the Child Protection and Family Services Agency (CPFSA), or call the police on 119 if the child is in danger.',
  },
  {
    icon: Briefcase,
    title: 'Agreeing the job',
    text: 'Before the first visit, agree in YaadCare messages on the duties, hours, house rules and who to call in an emergency. A written record protects you and the family.',
  },
];

const FIRST_BOOKING_TIPS = [
  'Arrive five to ten minutes early, and message the family if you are delayed.',
  'Ask for emergency contacts, allergies, medication and house rules in writing.',
  'Bring your ID and a copy of your certificates the first time.',
  'At the end, tell the family how the time went: meals, naps, homework, anything unusual.',
  'Thank the family and invite them to leave a review.',
];

const GROWTH_TIPS = [
  'Complete verification: the Verified badge is the first thing many families look for.',
  'Add a new certificate to your profile as soon as you earn it.',
  'Offer the times families struggle to fill, such as evenings, weekends and overnight.',
  'Reply to every message within a few hours, even if only to say when you will answer fully.',
  `Check your earnings each week; payouts are sent on ${PAYOUT_DAY}s.`,
];

function CardGroup({ cards }: { cards: FeatureCardItem[] }) {
  return (
    <FeatureCardGrid
      cards={cards}
      className={cn(
        'grid gap-4 sm:grid-cols-2',
        cards.length % 3 === 0 ? 'lg:grid-cols-3' : 'xl:grid-cols-4',
      )}
    />
  );
}

export default function CaregiverResourcesPage() {
  usePageMeta({
    title: 'Caregiver resources',
    description:
      'Resources for caregivers in Jamaica: first aid and HEART/NSTA Trust training, building your profile and rate, and the legal basics: TRN, NIS, income tax and your police record.',
    canonicalPath: '/caregiver-resources',
  });

  return (
    <>
      <PageHero eyebrow="For caregivers" title="Caregiver resources">
        <p>
          Practical guidance for caregivers in Jamaica: where to train, how to grow your care work on
          YaadCare, and the safety and legal basics of working for yourself.
        </p>
      </PageHero>

      <InfoSection id="training" title="Training and certification">
        <CardGroup cards={TRAINING} />
      </InfoSection>

      <InfoSection id="business" title="Business development" tone="muted">
        <CardGroup cards={BUSINESS} />
      </InfoSection>

      <InfoSection
        id="safety-legal"
        title="Safety and legal"
        intro="General information, not legal or tax advice. Tax Administration Jamaica and the Ministry of Labour and Social Security can answer questions about your own situation."
      >
        <CardGroup cards={SAFETY_LEGAL} />
      </InfoSection>

      <InfoSection id="tips" title="Tips from experienced caregivers" tone="muted">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-2xl bg-surface p-6 shadow-sm sm:p-8">
            <h3 className="text-xl font-bold">Your first booking</h3>
            <CheckList className="mt-4" items={FIRST_BOOKING_TIPS} />
          </div>
          <div className="rounded-2xl bg-surface p-6 shadow-sm sm:p-8">
            <h3 className="text-xl font-bold">Growing your business</h3>
            <CheckList className="mt-4" items={GROWTH_TIPS} />
          </div>
        </div>
      </InfoSection>

      <CallToAction
        title="Ready to get verified?"
        text="Complete your profile and verification to earn the Verified badge. Questions? Our support team is happy to help."
        links={[
          { to: '/background-check', label: 'Start verification' },
          { to: '/support', label: 'Contact support' },
          { to: '/signup', label: 'Join as a caregiver' },
        ]}
      />
    </>
  );
}
