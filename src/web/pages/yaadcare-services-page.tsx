import {
  Accessibility,
  BadgeCheck,
  BookOpen,
  Globe2,
  HeartPulse,
  LifeBuoy,
  MapPin,
  MessageSquareText,
  Receipt,
  Sparkles,
  SprayCan,
  Star,
  Wrench,
} from 'lucide-react';
import type { CaregiverKind } from '../../shared/catalog';
import { PLATFORM_FEE_PERCENT } from '../../shared/money';
import { buttonClasses } from '../components/ui/button';
import {
  CallToAction,
  CheckList,
  FeatureCard,
  FeatureCardGrid,
  HeroLinks,
  InfoSection,
  PageHero,
} from '../features/info-pages/components/page-parts';
import { Link } from '../lib/router';
import { usePageMeta } from '../lib/use-page-meta';

const CATEGORIES: {
  kind: CaregiverKind;
  icon: typeof Wrench;
  title: string;
  link: string;
  text: string;
  examples: string[];
}[] = [
  {
    kind: 'senior-care',
    link: 'Find senior care',
    icon: HeartPulse,
    title: 'Senior care and nursing',
    text: 'Companionship and day-to-day help for older relatives at home, from caregivers and nurses who are used to working with seniors.',
    examples: [
      'Daily check-in visits',
      'Help with bathing, dressing and meals',
      'Medication reminders',
      'Overnight stays',
    ],
  },
  {
    kind: 'special-needs',
    link: 'Find special needs carers',
    icon: Accessibility,
    title: 'Special needs care',
    text: 'Patient, experienced carers for children and adults with autism, cerebral palsy, Down syndrome, limited mobility or other needs.',
    examples: [
      'Respite for family carers',
      'Support with routines and therapy exercises',
      'School and after-school support',
    ],
  },
  {
    kind: 'tutors',
    link: 'Find a tutor',
    icon: BookOpen,
    title: 'Tutors and education',
    text: 'One-to-one lessons at home for primary and high-school students, from early reading to exam preparation.',
    examples: ['PEP preparation', 'CSEC mathematics and English', 'Homework help', 'Reading and phonics'],
  },
  {
    kind: 'housekeepers',
    link: 'Find a housekeeper',
    icon: Sparkles,
    title: 'Housekeeping',
    text: 'Regular or one-off help to keep the home in order, so your time goes to your family.',
    examples: [
      'Cleaning and tidying',
      'Laundry and ironing',
      'Meal preparation',
      'Getting a house ready for visitors',
    ],
  },
  {
    kind: 'janitors',
    link: 'Find cleaners',
    icon: SprayCan,
    title: 'Janitors and cleaning',
    text: 'Cleaning crews and janitors for deeper jobs at home or at small offices, churches and shops.',
    examples: [
      'Deep cleans',
      'Move-in and move-out cleaning',
      'Post-construction clean-up',
      'Regular office cleaning',
    ],
  },
  {
    kind: 'maintenance',
    link: 'Find a handyman',
    icon: Wrench,
    title: 'Maintenance and handyman',
    text: 'Reliable hands for the small jobs that pile up around the house and yard.',
    examples: ['Minor repairs and fixtures', 'Painting', 'Yard work and clearing', 'Furniture assembly'],
  },
];

const REASONS = [
  {
    icon: BadgeCheck,
    title: 'Look for the Verified badge',
    text: 'Verified caregivers have had their ID, police record and references checked by our team. Not every caregiver is verified yet: each profile shows which checks are done.',
  },
  {
    icon: Star,
    title: 'Reviews from real bookings',
    text: 'Ratings come from families who booked that person on YaadCare.',
  },
  {
    icon: Receipt,
    title: 'Clear prices in JMD',
    text: `You see the rate, the ${PLATFORM_FEE_PERCENT}% platform fee and the total before you book, and you pay after the job is done.`,
  },
  {
    icon: MapPin,
    title: 'Island-wide search',
    text: 'Search by town or parish, in all 14 parishes, from Negril to Morant Bay.',
  },
  {
    icon: MessageSquareText,
    title: 'Everything in one place',
    text: 'Messages, bookings and payments stay together in your account, with a record of each.',
  },
  {
    icon: LifeBuoy,
    title: 'People who answer',
    text: 'A real person on our support team reads every message and helps you sort things out.',
  },
];

const ABROAD_STEPS = [
  'Create a free family account from wherever you live, and use your parent’s town in Jamaica as the location.',
  'Search for caregivers near their home, in their parish, and shortlist profiles with the Verified badge and good reviews.',
  'Message caregivers before you book: ask about experience with older people, and share your parent’s routine and needs.',
  'Book visits for the days and times you choose. You see the full price in JMD before you confirm, and you are charged after each visit.',
  'Ask the caregiver to message you after every visit, so you know how your parent is doing.',
  'Give the caregiver a local contact, such as a neighbour or relative, for emergencies.',
];

export default function YaadcareServicesPage() {
  usePageMeta({
    title: 'YaadCare services: senior care, tutors, housekeeping and more',
    description:
      'Beyond child care: book senior care, special needs carers, tutors, housekeepers, cleaners and handymen across Jamaica, including care for parents back home while you live abroad.',
    canonicalPath: '/yaadcare-services',
  });

  return (
    <>
      <PageHero
        eyebrow="YaadCare services"
        title="Help for the whole household, not just the children"
        actions={
          <HeroLinks
            primary={{ to: '/search', label: 'Search all services' }}
            secondary={{ to: '/signup', label: 'Offer your services' }}
          />
        }
      >
        <p>
          Beyond nannies and babysitters, YaadCare helps you find people for the other jobs at home: care for
          older relatives, extra lessons, housework, cleaning and repairs, all in one place and priced in JMD.
        </p>
      </PageHero>

      <InfoSection id="categories" title="Our additional services">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CATEGORIES.map(({ kind, icon, title, link, text, examples }) => (
            <li key={kind}>
              <FeatureCard icon={icon} title={title} className="flex flex-col">
                <p>{text}</p>
                <ul className="list-disc space-y-1 pl-5 text-foreground">
                  {examples.map((example) => (
                    <li key={example}>{example}</li>
                  ))}
                </ul>
                <p className="pt-2">
                  <Link
                    to={`/search?type=${kind}`}
                    className="font-semibold text-primary underline underline-offset-4 hover:text-primary-hover"
                  >
                    {link}
                  </Link>
                </p>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="reasons" title="Why families choose YaadCare" tone="muted">
        <FeatureCardGrid cards={REASONS} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />
      </InfoSection>

      <InfoSection
        id="abroad"
        title="Living abroad? Arrange care for your parents back home"
        intro="Whether you are in Toronto, London, New York or Miami, you can find and book help for your family in Jamaica without flying home first."
      >
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <h3 className="text-xl font-bold">How it works from overseas</h3>
            <CheckList className="mt-4" items={ABROAD_STEPS} />
          </div>
          <aside
            aria-labelledby="abroad-note-heading"
            className="self-start rounded-2xl bg-primary-soft p-6 sm:p-8"
          >
            <Globe2 aria-hidden="true" className="size-8 text-primary-deep" />
            <h3 id="abroad-note-heading" className="mt-3 text-lg font-bold text-primary-deep">
              Good to know
            </h3>
            <ul className="mt-3 list-disc space-y-2 pl-5">
              <li>
                Prices are in Jamaican dollars. If you pay with a card issued abroad, your bank converts the
                amount.
              </li>
              <li>Times on YaadCare are Jamaica time, which does not change for daylight saving.</li>
              <li>
                Popular choices: senior-care visits, housekeeping, and a handyman for repairs at the family
                home.
              </li>
            </ul>
            <Link to="/search?type=senior-care" className={buttonClasses({ className: 'mt-6' })}>
              Find care for a parent
            </Link>
          </aside>
        </div>
      </InfoSection>

      <CallToAction
        title="Find the help your household needs"
        text="Search caregivers and service providers near you, or join YaadCare to offer your own services."
        links={[
          { to: '/search', label: 'Search now' },
          { to: '/signup', label: 'Sign up free' },
        ]}
      />
    </>
  );
}
