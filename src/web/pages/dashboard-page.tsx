import { Bookmark, MessageSquare, Search, Settings } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { useDocumentTitle } from '../lib/use-document-title';

const QUICK_LINKS = [
  { to: '/search', label: 'Find care', text: 'Search caregivers near you.', icon: Search },
  { to: '/bookings', label: 'My bookings', text: 'See upcoming and past bookings.', icon: Bookmark },
  { to: '/messages', label: 'Messages', text: 'Talk with your caregivers.', icon: MessageSquare },
  { to: '/settings', label: 'Settings', text: 'Change your password.', icon: Settings },
];

/** /dashboard and /family-dashboard: the family dashboard (a first version); caregivers have their own. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useSignedInUser();
  if (user.userType === 'caregiver') return <Navigate to="/caregiver-dashboard" replace />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Dashboard</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Welcome back, <span className="font-semibold text-foreground">{user.firstName}</span>! Your bookings,
        spending and messages will appear here.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {QUICK_LINKS.map(({ to, label, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col gap-2 rounded-2xl border border-border bg-surface p-5 shadow-sm transition-colors hover:border-primary"
            >
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <span className="font-semibold">{label}</span>
              <span className="text-sm text-muted-foreground">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
