import { CalendarCheck, HeartHandshake, Search, UserRoundCheck } from 'lucide-react';
import { PLATFORM_FEE_PERCENT } from '../../shared/money';
import { FREE_CANCELLATION_HOURS, PAYOUT_DAY } from '../../shared/pricing';
import { buttonClasses } from '../components/ui/button';
import {
  CallToAction,
  CheckList,
  HeroLinks,
  InfoSection,
  PageHero,
} from '../features/info-pages/components/page-parts';
import { Link } from '../lib/router';
import { usePageMeta } from '../lib/use-page-meta';

const STEPS = [
  {
    icon: Search,
    title: 'Search and browse',
    text: 'Tell us where you are and what kind of help you need. Narrow the list by town or parish, hourly rate in JMD, years of experience, skills such as First Aid or Infant Care, and the times you need: weekdays, evenings, weekends or overnight.',
  },
  {
    icon: UserRoundCheck,
    title: 'Review profiles',
    text: "Read each caregiver's bio, experience, certifications and availability, and the reviews left by families who booked them. Look for the Verified badge: it shows our team has checked that caregiver's government ID, police record and references.",
  },
  {
    icon: CalendarCheck,
    title: 'Book and connect',
    text: `Message the caregiver with your questions, then choose a date, a start time and how many hours you need. You see the full price before you confirm: the caregiver's hourly rate plus a ${PLATFORM_FEE_PERCENT}% platform fee.`,
  },
  {
    icon: HeartHandshake,
    title: 'Peace of mind',
    text: `Your card is held when you book and charged only after the service is completed, and cancelling ${FREE_CANCELLATION_HOURS} hours or more before the start costs nothing. Afterwards, leave a review to help other families. If anything goes wrong, a person on our support team will help.`,
  },
];

const FAMILY_CHECKLIST = [
  'Create a free family account with your e-mail address and your town.',
  'Search for caregivers in your parish and filter by rate, experience, skills and availability.',
  'Shortlist two or three profiles: check for the Verified badge and read their reviews.',
  'Message them to ask about experience, routines and anything special about your family.',
  'Book a first session; a short one is a good way to get to know each other.',
  'Leave an honest review once the booking is completed.',
];

const CAREGIVER_CHECKLIST = [
  'Sign up as a caregiver and complete the three-step profile: bio, experience and hourly rate; your skills; your certifications and availability.',
  'Add a clear, friendly photo of yourself. Families are more likely to contact a caregiver they can see.',
  'Get verified: confirm your e-mail and phone, then upload your ID, proof of address and police record.',
  'Keep your availability current so families only ask for times that suit you.',
  'Reply to messages and booking requests promptly; families notice quick, friendly answers.',
  `Get paid weekly, on ${PAYOUT_DAY}s, for every completed booking.`,
];

export default function HowItWorksPage() {
  usePageMeta({
    title: 'How it works',
    description:
      'How YaadCare works: search caregivers across Jamaica, review profiles and Verified badges, book and message in one place, and pay in JMD only after the service is completed.',
    canonicalPath: '/how-it-works',
  });

  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="Finding care in Jamaica, step by step"
        actions={
          <HeroLinks
            primary={{ to: '/search', label: 'Find care now' }}
            secondary={{ to: '/signup', label: 'Become a caregiver' }}
          />
        }
      >
        <p>
          From your first search to the last hour of care, here is what happens when you use YaadCare, whether
          you are a family looking for help or a caregiver looking for work.
        </p>
      </PageHero>

      <InfoSection id="steps" title="Four steps to the right caregiver">
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground"
                >
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="size-6 text-primary" />
              </div>
              <h3 className="mt-3 text-lg font-bold">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </InfoSection>

      <InfoSection
        id="getting-started"
        title="Getting started"
        tone="muted"
        intro="A checklist for each side of YaadCare. Most people are ready in an afternoon."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-2xl bg-surface p-6 shadow-sm sm:p-8">
            <h3 className="text-xl font-bold">For families</h3>
            <CheckList className="mt-4" items={FAMILY_CHECKLIST} />
            <Link to="/search" className={buttonClasses({ className: 'mt-6' })}>
              Search caregivers
            </Link>
          </div>
          <div className="rounded-2xl bg-surface p-6 shadow-sm sm:p-8">
            <h3 className="text-xl font-bold">For caregivers</h3>
            <CheckList className="mt-4" items={CAREGIVER_CHECKLIST} />
            <Link
              to="/caregiver-resources"
              className={buttonClasses({ variant: 'outline', className: 'mt-6' })}
            >
              Caregiver resources
            </Link>
          </div>
        </div>
      </InfoSection>

      <InfoSection id="more" title="Want the details?">
        <ul className="grid gap-3 lg:grid-cols-3">
          <li>
            <Link to="/safety-trust" className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
              How we verify caregivers
            </Link>
          </li>
          <li>
            <Link to="/pricing" className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
              Rates, fees and cancellations
            </Link>
          </li>
          <li>
            <Link
              to="/yaadcare-services"
              className={buttonClasses({ variant: 'outline', className: 'w-full' })}
            >
              All our services
            </Link>
          </li>
        </ul>
      </InfoSection>

      <CallToAction
        title="Questions before you start?"
        text="Write to our support team: a real person reads every message and will help you get set up."
        links={[
          { to: '/signup', label: 'Create a free account' },
          { to: '/support', label: 'Contact support' },
        ]}
      />
    </>
  );
}
