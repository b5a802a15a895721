import { Clock, Mail, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUPPORT_HOURS, SUPPORT_REPLY_TIME } from '../../../../shared/contracts/support';
import { buttonClasses } from '../../../components/ui/button';
import { Link } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { type AppConfigResponse, useAppConfig } from '../../config/api';

/** The messaging feature adds the support team's user id to the config; until then there is no chat. */
type Config = AppConfigResponse & { supportUserId?: number | null };

/** '+18765550100' → '(876) 555-0100'; other numbers as given. */
export function formatPhone(e164: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}

function ContactCard({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Phone;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="h-full rounded-2xl border border-border bg-surface p-6 shadow-sm">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-deep">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h3 className="mt-4 text-lg font-bold">{title}</h3>
      <div className="mt-2 space-y-2 text-muted-foreground">{children}</div>
    </li>
  );
}

export function ContactCards() {
  const { data } = useAppConfig();
  const config = data as Config | undefined;
  const { data: user } = useCurrentUser();
  const chatWith = config?.supportUserId;
  const link = 'font-semibold text-primary underline-offset-4 hover:underline';

  return (
    <section aria-labelledby="contact-heading" className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="contact-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Talk to a person
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          We answer messages and e-mail {SUPPORT_REPLY_TIME}, in the hours below (Jamaica time). This help
          centre and the message form are open at any hour.
        </p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <ContactCard icon={Phone} title="Phone">
            {config ? (
              <p>
                <a href={`tel:${config.supportPhone}`} className={link}>
                  {formatPhone(config.supportPhone)}
                </a>
              </p>
            ) : null}
            <p>During our opening hours.</p>
          </ContactCard>
          <ContactCard icon={Mail} title="E-mail">
            {config ? (
              <p>
                <a href={`mailto:${config.supportEmail}`} className={`${link} break-all`}>
                  {config.supportEmail}
                </a>
              </p>
            ) : null}
            <p>We reply {SUPPORT_REPLY_TIME}.</p>
          </ContactCard>
          <ContactCard icon={Clock} title="Opening hours">
            <dl className="space-y-1 text-sm">
              {SUPPORT_HOURS.map((h) => (
                <div key={h.days}>
                  <dt className="font-semibold text-foreground">{h.days}</dt>
                  <dd>{h.hours}</dd>
                </div>
              ))}
            </dl>
          </ContactCard>
          <ContactCard icon={MessageCircle} title="Chat with support">
            {!user ? (
              <>
                <p>Log in to chat with our team inside YaadCare.</p>
                <Link
                  to="/login"
                  state={{ from: { pathname: '/support' } }}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                >
                  Log in to chat
                </Link>
              </>
            ) : chatWith ? (
              <>
                <p>Your conversation with our team stays in Messages.</p>
                <Link to={`/chat/${chatWith}`} className={buttonClasses({ size: 'sm' })}>
                  Chat with support
                </Link>
              </>
            ) : (
              <p>Chat is not available right now. Please send us a message with the form below.</p>
            )}
          </ContactCard>
        </ul>
      </div>
    </section>
  );
}
