import { CalendarCheck, Clock, MessagesSquare, Search, ShieldCheck, Star } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

const TRUST = [
  {
    icon: ShieldCheck,
    title: 'Background Checked',
    text: 'Look for the Verified badge: ID, police record and references checked by our team.',
  },
  { icon: Star, title: 'Highly Rated', text: 'Reviews come from real families who booked through YaadCare.' },
  { icon: Clock, title: '24/7 Support', text: 'Our team is here for you day and night.' },
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

export default function HomePage() {
  useDocumentTitle('YaadCare — Trusted caregivers across Jamaica', { exact: true });
  return (
    <>
      <section className="bg-gradient-to-b from-primary-soft to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="text-sm font-bold tracking-wide text-primary uppercase">
            Care you can trust, island-wide
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Find trusted caregivers for your family in Jamaica
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            Nannies, babysitters, tutors, senior-care nurses, special-needs carers, housekeepers and handymen
            — in all 14 parishes, with prices in JMD.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/search" className={buttonClasses({ size: 'lg' })}>
              Find Care Now
            </Link>
            <Link to="/signup" className={buttonClasses({ size: 'lg', variant: 'accent' })}>
              Become a Caregiver
            </Link>
          </div>
        </div>
      </section>

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
    </>
  );
}
