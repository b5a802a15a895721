import { CalendarCheck, Clock, MessagesSquare, Quote, Search, ShieldCheck, Star } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { Link } from '../../lib/router';

const TRUST = [
  {
    icon: ShieldCheck,
    title: 'Verification You Can See',
    text: "Every caregiver's identity and background check status is shown on their profile. Look for the Verified badge: ID, a police record under 12 months old and references checked by our team. Not every caregiver is verified yet.",
  },
  { icon: Star, title: 'Highly Rated', text: 'Reviews come from real families who booked through YaadCare.' },
  {
    icon: Clock,
    title: 'Real Support',
    text: 'Help centre open 24/7; a person on our team answers within one business day.',
  },
];

const STEPS = [
  {
    icon: Search,
    title: 'Search & Filter',
    text: 'Find caregivers near you by service, rate and experience.',
  },
  {
    icon: MessagesSquare,
    title: 'Connect & Interview',
    text: 'Message caregivers and get to know them first.',
  },
  {
    icon: CalendarCheck,
    title: 'Book & Pay',
    text: 'Book the time you need and pay securely on the platform.',
  },
];

/** docs/product.md#what-yaadcare-is: three sample testimonials, each with a first name, an initial and a town. */
const TESTIMONIALS = [
  {
    quote:
      'We found a patient, caring nanny for our twins within a week. The reviews from other families made the choice easy.',
    name: 'Kerry-Ann M.',
    town: 'Kingston',
  },
  {
    quote:
      "Booking a nurse for my mother while I work in Montego Bay gave me real peace of mind. She's been wonderful.",
    name: 'Devon B.',
    town: 'Montego Bay',
  },
  {
    quote:
      'Our son went from struggling with maths to top of his class with a tutor we met through YaadCare.',
    name: 'Simone R.',
    town: 'Mandeville',
  },
];

/** 'Why families choose YaadCare': verification, ratings, support. */
export function TrustSection() {
  return (
    <section aria-labelledby="trust-heading" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="trust-heading" className="text-2xl font-bold">
        Why families choose YaadCare
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {TRUST.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
            <Icon aria-hidden="true" className="size-8 text-primary" />
            <h3 className="mt-3 font-bold">{title}</h3>
            <p className="mt-1 text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The three steps from search to paying, with a link to the full page. */
export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-heading" className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="how-heading" className="text-2xl font-bold">
          How it works
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-2xl bg-surface p-6 shadow-sm">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground">
                {index + 1}
              </span>
              <h3 className="mt-3 flex items-center gap-2 font-bold">
                <Icon aria-hidden="true" className="size-5 text-primary" />
                {title}
              </h3>
              <p className="mt-1 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
        <Link to="/how-it-works" className={buttonClasses({ variant: 'outline', className: 'mt-8' })}>
          Learn more about how it works
        </Link>
      </div>
    </section>
  );
}

/** 'What families say'. */
export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-primary-soft">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="testimonials-heading" className="text-2xl font-bold">
          What families say
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-surface p-6 shadow-sm">
                <Quote aria-hidden="true" className="size-7 text-accent-hover" />
                <blockquote className="mt-3 flex-1">
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-bold">{t.name}</span>
                  <span className="text-muted-foreground"> · {t.town}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The closing call: find care or become a caregiver. */
export function CallToActionSection() {
  return (
    <section aria-labelledby="cta-heading" className="bg-primary-deep text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 text-center">
        <h2 id="cta-heading" className="text-3xl font-extrabold">
          Ready to find the right care?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-primary-soft">
          Search caregivers across all 14 parishes, or join YaadCare and offer your skills to families.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row [&_:focus-visible]:outline-accent">
          <Link to="/search" className={buttonClasses({ size: 'lg', variant: 'accent' })}>
            Find Care Now
          </Link>
          <Link
            to="/signup"
            className={buttonClasses({
              size: 'lg',
              variant: 'outline',
              className: 'border-white bg-transparent text-white hover:bg-white/10',
            })}
          >
            Become a Caregiver
          </Link>
        </div>
      </div>
    </section>
  );
}
