import type { ReactNode } from 'react';
import { jamaicaYear } from '../../../shared/time';
import { useNow } from '../../features/caregivers/use-now';
import { useAppConfig } from '../../features/config/api';
import { Link } from '../../lib/router';
import { FOOTER_LINKS, LEGAL_LINKS, type NavItem } from '../nav-links';
import { Logo } from './logo';

// Brand marks are not in lucide; simple paths, hidden from assistive technology (the link is labelled).
function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="currentColor">
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4A21 21 0 0 0 14.3 4C12 4 10.5 5.4 10.5 8v2.5H8v3h2.5V21h3z" />
    </svg>
  );
}

function InstagramIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}

function XIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="currentColor">
      <path d="M17.8 3h3.1l-6.8 7.7 8 10.3h-6.2l-4.9-6.3L5.4 21H2.3l7.2-8.3L1.9 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.5l11.2 14.5z" />
    </svg>
  );
}

const SOCIAL = [
  { label: 'YaadCare on Facebook', href: 'https://www.facebook.com/yaadcare', icon: <FacebookIcon /> },
  { label: 'YaadCare on Instagram', href: 'https://www.instagram.com/yaadcare', icon: <InstagramIcon /> },
  { label: 'YaadCare on X', href: 'https://x.com/yaadcare', icon: <XIcon /> },
];

const footerLink = 'rounded-sm text-primary-soft underline-offset-4 hover:text-white hover:underline';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-bold tracking-wide text-accent uppercase">{title}</h2>
      {children}
    </div>
  );
}

function FooterLinkList({ links }: { links: NavItem[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} className={footerLink}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The copyright year in Jamaica, from the clock: the server's render instant while a server-rendered page
 * hydrates (so both renders agree), then the browser's clock, checked hourly.
 */
function useCopyrightYear(): string {
  return jamaicaYear(useNow(3_600_000));
}

export function SiteFooter() {
  const { data: config } = useAppConfig();
  const year = useCopyrightYear();
  return (
    <footer className="mt-auto print:hidden bg-primary-deep text-primary-soft [&_:focus-visible]:outline-accent">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo tone="dark" />
          <p className="text-sm">
            Connecting families with trusted caregivers across all 14 parishes of Jamaica.
          </p>
          <ul className="flex gap-2">
            {SOCIAL.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  aria-label={s.label}
                  rel="noopener noreferrer"
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                >
                  {s.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <FooterColumn title="Explore">
          <nav aria-label="Explore">
            <FooterLinkList links={FOOTER_LINKS} />
          </nav>
        </FooterColumn>

        <FooterColumn title="Support">
          <ul className="space-y-2 text-sm">
            <li>
              <Link to="/support" className={footerLink}>
                Contact us
              </Link>
            </li>
            <li>
              <Link to="/background-check" className={footerLink}>
                Get verified
              </Link>
            </li>
            {config?.supportEmail ? (
              <li>
                <a href={`mailto:${config.supportEmail}`} className={footerLink}>
                  {config.supportEmail}
                </a>
              </li>
            ) : null}
            <li>Mon–Fri 8 AM–6 PM, Sat 9 AM–2 PM (Jamaica time)</li>
          </ul>
        </FooterColumn>

        <FooterColumn title="Legal">
          <FooterLinkList links={LEGAL_LINKS} />
        </FooterColumn>
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm">© {year} YaadCare. All rights reserved.</p>
      </div>
    </footer>
  );
}
