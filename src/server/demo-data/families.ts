import type { Parish } from '../../shared/catalog';
import { emailLocal, phoneNumber } from './contact-details';
import type { DemoContext } from './context';
import { DEMO_EMAIL_DOMAIN, DEMO_FAMILY_EMAIL } from './logins';
import { REGION, type Region } from './places';
import type { UserRow } from './rows';

/** The fixed cast of families: the demo family first, then households over every parish. */

interface FamilySpec {
  first: string;
  last: string;
  town: string;
  parish: Parish;
  email?: string;
}

const FAMILIES: FamilySpec[] = [
  {
    first: 'Natalie',
    last: 'Robinson',
    town: 'Half Way Tree',
    parish: 'St. Andrew',
    email: DEMO_FAMILY_EMAIL,
  },
  { first: 'Marcus', last: 'Chin', town: 'New Kingston', parish: 'St. Andrew' },
  { first: 'Sharon', last: 'Gordon', town: 'Kingston', parish: 'Kingston' },
  { first: 'Courtney', last: 'Walker', town: 'Constant Spring', parish: 'St. Andrew' },
  { first: 'Tricia', last: 'Bailey', town: 'Portmore', parish: 'St. Catherine' },
  { first: 'Damian', last: 'Henry', town: 'Spanish Town', parish: 'St. Catherine' },
  { first: 'Lisa-Ann', last: 'Morgan', town: 'Montego Bay', parish: 'St. James' },
  { first: 'Patrick', last: 'Grant', town: 'Montego Bay', parish: 'St. James' },
  { first: 'Kerry', last: 'Thompson', town: 'Mandeville', parish: 'Manchester' },
  { first: 'Jennifer', last: 'Lewis', town: 'May Pen', parish: 'Clarendon' },
  { first: 'Michael', last: 'Francis', town: 'Ocho Rios', parish: 'St. Ann' },
  { first: 'Yvonne', last: 'Clarke', town: 'Port Antonio', parish: 'Portland' },
  { first: 'Andrea', last: 'Spence', town: 'Savanna-la-Mar', parish: 'Westmoreland' },
  { first: 'Ryan', last: 'Edwards', town: 'Negril', parish: 'Westmoreland' },
  { first: 'Beverly', last: 'Stewart', town: 'Morant Bay', parish: 'St. Thomas' },
  { first: 'Gregory', last: 'Hall', town: 'Falmouth', parish: 'Trelawny' },
  { first: 'Sandra', last: 'Powell', town: 'Black River', parish: 'St. Elizabeth' },
  { first: 'Owen', last: 'Reid', town: 'Port Maria', parish: 'St. Mary' },
  { first: 'Claudia', last: 'Lindo', town: 'Lucea', parish: 'Hanover' },
  { first: 'Trevor', last: 'Douglas', town: 'Linstead', parish: 'St. Catherine' },
];

export type Family = FamilySpec & { user: UserRow; region: Region };

/** The families' accounts, in the list's order. */
export function familyHouseholds(ctx: DemoContext): Family[] {
  const { rng, daysAgo, usedNames, nextAvatar } = ctx;
  return FAMILIES.map((f) => {
    usedNames.add(`${f.first} ${f.last}`);
    const createdAt = daysAgo(rng.int(200, 600));
    const user: UserRow = {
      email: f.email ?? `${emailLocal(f.first, f.last)}@${DEMO_EMAIL_DOMAIN}`,
      firstName: f.first,
      lastName: f.last,
      userType: 'family',
      phone: rng.chance(0.85) ? phoneNumber(rng) : null,
      location: f.town,
      parish: f.parish,
      profileImageUrl: nextAvatar(f.first, f.last),
      isVerified: false,
      verificationStatus: 'pending',
      createdAt,
      updatedAt: createdAt,
    };
    return { ...f, user, region: REGION[f.parish] };
  });
}
