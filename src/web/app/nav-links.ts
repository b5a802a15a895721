import type { Role } from '../../shared/catalog';

export interface NavItem {
  label: string;
  to: string;
}

/** Header links per role (docs/product.md#screens-and-routes Navigation). Unread badges come with messaging. */
export const LOGGED_OUT_NAV: NavItem[] = [
  { label: 'Find Care', to: '/search' },
  { label: 'Help', to: '/support' },
];

export const NAV_BY_ROLE: Record<Role, NavItem[]> = {
  family: [
    { label: 'Home', to: '/dashboard' },
    { label: 'Profile', to: '/profile' },
    { label: 'Find Care', to: '/search' },
    { label: 'Care requests', to: '/care-requests' },
    { label: 'Bookings', to: '/bookings' },
    { label: 'Meetings', to: '/meetings' },
    { label: 'Messages', to: '/messages' },
    { label: 'Care circles', to: '/circles' },
    { label: 'Settings', to: '/settings' },
  ],
  caregiver: [
    { label: 'Home', to: '/caregiver-dashboard' },
    { label: 'Profile', to: '/profile' },
    { label: 'Care requests', to: '/care-requests' },
    { label: 'Bookings', to: '/bookings' },
    { label: 'Meetings', to: '/meetings' },
    { label: 'Messages', to: '/messages' },
    { label: 'Earnings', to: '/earnings' },
    { label: 'Resources', to: '/caregiver-resources' },
    { label: 'Settings', to: '/settings' },
  ],
  admin: [
    { label: 'Home', to: '/' },
    { label: 'Admin', to: '/admin' },
    { label: 'Settings', to: '/settings' },
  ],
};

export const FOOTER_LINKS: NavItem[] = [
  { label: 'How it works', to: '/how-it-works' },
  { label: 'Safety & trust', to: '/safety-trust' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Our services', to: '/yaadcare-services' },
  { label: 'Success stories', to: '/success-stories' },
  { label: 'Caregiver resources', to: '/caregiver-resources' },
];

export const LEGAL_LINKS: NavItem[] = [
  { label: 'Terms of service', to: '/terms-of-service' },
  { label: 'Terms of use', to: '/terms-of-use' },
  { label: 'Privacy policy', to: '/privacy-policy' },
];
