import { Compass } from 'lucide-react';
import { buttonClasses } from '../components/ui/button';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <Compass aria-hidden="true" className="mb-6 size-14 text-primary" />
      <h1 className="text-3xl font-extrabold tracking-tight">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        The page you're looking for doesn't exist or may have moved.
      </p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        Go back home
      </Link>
    </section>
  );
}
