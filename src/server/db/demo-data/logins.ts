/** The demo password and the three fixed logins the README and the login page offer. */

export const DEMO_PASSWORD = 'YaadCare2025!';
/** Where the demo accounts other than the three fixed logins live: a subdomain no one receives mail at. */
export const DEMO_EMAIL_DOMAIN = 'demo.yaadcare.jm';
export const DEMO_FAMILY_EMAIL = 'family@yaadcare.jm';
export const DEMO_CAREGIVER_EMAIL = 'caregiver@yaadcare.jm';
export const DEMO_ADMIN_EMAIL = 'admin@yaadcare.jm';

export const DEMO_LOGINS = [
  {
    role: 'family',
    email: DEMO_FAMILY_EMAIL,
    password: DEMO_PASSWORD,
    description:
      'Natalie Robinson, a family in Half Way Tree with past, upcoming and pending bookings and messages',
  },
  {
    role: 'caregiver',
    email: DEMO_CAREGIVER_EMAIL,
    password: DEMO_PASSWORD,
    description:
      'Shanique Williams, a verified Kingston nanny with bookings in every status, reviews, badges and messages',
  },
  {
    role: 'admin',
    email: DEMO_ADMIN_EMAIL,
    password: DEMO_PASSWORD,
    description: 'The YaadCare administrator (verification reviews, support)',
  },
] as const;
