import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { Link } from '../../../lib/router';
import { useAppConfig } from '../../config/api';

/** The top of an informational page: the page's one h1, a lead paragraph and optional actions. */
export function PageHero({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-primary-soft to-background">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {eyebrow ? (
          <p className="text-sm font-bold tracking-wide text-primary-deep uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        {children ? (
          <div className="mt-4 max-w-2xl space-y-3 text-lg text-muted-foreground">{children}</div>
        ) : null}
        {actions ? <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div> : null}
      </div>
    </section>
  );
}

/** A titled band of a page (h2), plain or on the muted background. */
export function InfoSection({
  id,
  title,
  intro,
  children,
  tone = 'plain',
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'plain' | 'muted';
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cn(tone === 'muted' && 'bg-muted')}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-14">
        <h2 id={`${id}-heading`} className="scroll-mt-28 text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {intro ? <div className="mt-2 max-w-3xl text-muted-foreground">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/** A card with an icon, a title (h3) and text; used in the grids of every informational page. */
export function FeatureCard({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon?: LucideIcon;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('h-full rounded-2xl border border-border bg-surface p-6 shadow-sm', className)}>
      {Icon ? (
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-deep">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      ) : null}
      <h3 className={cn('text-lg font-bold', Icon && 'mt-3')}>{title}</h3>
      <div className="mt-2 space-y-2 text-muted-foreground">{children}</div>
    </div>
  );
}

export interface FeatureCardItem {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
}

/** A grid list of icon cards with one paragraph each; the grid's columns come with className. */
export function FeatureCardGrid({ cards, className }: { cards: FeatureCardItem[]; className: string }) {
  return (
    <ul className={className}>
      {cards.map(({ icon, title, text }) => (
        <li key={title}>
          <FeatureCard icon={icon} title={title}>
            <p>{text}</p>
          </FeatureCard>
        </li>
      ))}
    </ul>
  );
}

/** A list with check marks: checklists and tips. */
export function CheckList({ items, className }: { items: ReactNode[]; className?: string }) {
  return (
    <ul className={cn('space-y-3', className)}>
      {items.map((item, i) => (
        // Static content: the position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <li key={i} className="flex gap-3">
          <span
            aria-hidden="true"
            className="mt-1 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
          >
            ✓
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export interface CtaLink {
  to: string;
  label: string;
}

/** The hero's two large buttons: the main way on, then the outlined second one. */
export function HeroLinks({ primary, secondary }: { primary: CtaLink; secondary: CtaLink }) {
  return (
    <>
      <Link to={primary.to} className={buttonClasses({ size: 'lg' })}>
        {primary.label}
      </Link>
      <Link to={secondary.to} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
        {secondary.label}
      </Link>
    </>
  );
}

/** The closing band: a heading, a sentence and two or three ways on (support, signup, search). */
export function CallToAction({ title, text, links }: { title: string; text: ReactNode; links: CtaLink[] }) {
  return (
    <section
      aria-labelledby="cta-heading"
      className="bg-primary-deep text-white [&_:focus-visible]:outline-accent"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:py-14 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 text-primary-soft">{text}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          {links.map((link, i) => (
            <Link
              key={link.to + link.label}
              to={link.to}
              className={buttonClasses({ variant: i === 0 ? 'accent' : 'outline', size: 'lg' })}
            >
              {link.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The support address from the server's settings as a mailto link; the support page while it loads. */
export function SupportEmail() {
  const { data } = useAppConfig();
  if (!data?.supportEmail) {
    return (
      <Link to="/support" className="font-semibold text-primary underline underline-offset-4">
        our support page
      </Link>
    );
  }
  return (
    <a
      href={`mailto:${data.supportEmail}`}
      className="font-semibold text-primary underline underline-offset-4 hover:text-primary-hover"
    >
      {data.supportEmail}
    </a>
  );
}
