import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** The centred card that login, signup and the password screens share. */
export function AuthShell({
  title,
  description,
  icon,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cn('mx-auto w-full px-4 py-10 sm:py-16', wide ? 'max-w-2xl' : 'max-w-md')}>
      <Card>
        <CardHeader>
          {icon ? (
            <span
              aria-hidden="true"
              className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary"
            >
              {icon}
            </span>
          ) : null}
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children}
      </Card>
      {footer ? (
        <div className="mt-6 space-y-2 text-center text-sm text-muted-foreground">{footer}</div>
      ) : null}
    </div>
  );
}

export const inlineLink = 'font-semibold text-primary underline underline-offset-4 hover:text-primary-hover';
