/** The demo password and the three fixed logins the README and the login page offer. */

export const DEMO_PASSWORD = 'YaadCare2025!';
/** Where the demo accounts other than the three fixed logins live: a subdomain no one receives mail at. */
export const DEMO_EMAIL_DOMAIN = 'demo.yaadcare.jm';
export const DEMO_FAMILY_EMAIL = 'family@yaadcare.jm';
export const DEMO_CAREGIVER_EMAIL = 'caregiver@yaadcare.jm';
export const DEMO_ADMIN_EMAIL = 'admin@yaadcare.jm';
/** The demo care circle's members (issue 18): the payer abroad and the coordinator at home. */
export const DEMO_PAYER_EMAIL = 'payer@yaadcare.jm';
export const DEMO_COORDINATOR_EMAIL = 'coordinator@yaadcare.jm';

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
    role: 'family',
    email: DEMO_PAYER_EMAIL,
    password: DEMO_PASSWORD,
    description:
      'Simone Campbell in Toronto, the payer of the care circle for her mother in Mandeville: a booking waits for her approval',
  },
  {
    role: 'family',
    email: DEMO_COORDINATOR_EMAIL,
    password: DEMO_PASSWORD,
    description: 'Devon Campbell in Kingston, the coordinator who books care for their mother in Mandeville',
  },
  {
    role: 'admin',
    email: DEMO_ADMIN_EMAIL,
    password: DEMO_PASSWORD,
    description: 'The YaadCare administrator (verification reviews, support)',
  },
] as const;
