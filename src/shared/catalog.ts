/**
 * The one catalog of places, caregiver kinds and profile vocabularies. Signup, search, profiles and the
 * demo data all read it, so a town or skill is spelled the same everywhere.
 */

export const PARISHES = [
  'Kingston',
  'St. Andrew',
  'St. Thomas',
  'Portland',
  'St. Mary',
  'St. Ann',
  'Trelawny',
  'St. James',
  'Hanover',
  'Westmoreland',
  'St. Elizabeth',
  'Manchester',
  'Clarendon',
  'St. Catherine',
] as const;
export type Parish = (typeof PARISHES)[number];

export interface Town {
  name: string;
  parish: Parish;
  /** The parish capital, listed so that every parish can be chosen even where the spec names no town. */
  isCapital: boolean;
  /** One of the 15 towns of the spec's signup list. */
  inSignupList: boolean;
}

/** The spec's 15 signup towns, in the spec's order. */
export const SIGNUP_TOWNS = [
  'Kingston',
  'Spanish Town',
  'Portmore',
  'Montego Bay',
  'May Pen',
  'Mandeville',
  'Old Harbour',
  'Savanna-la-Mar',
  'Negril',
  'Port Antonio',
  'Ocho Rios',
  'Linstead',
  'Half Way Tree',
  'Constant Spring',
  'New Kingston',
] as const;

const TOWN_PARISH: Record<string, Parish> = {
  Kingston: 'Kingston',
  'Half Way Tree': 'St. Andrew',
  'Constant Spring': 'St. Andrew',
  'New Kingston': 'St. Andrew',
  'Morant Bay': 'St. Thomas',
  'Port Antonio': 'Portland',
  'Port Maria': 'St. Mary',
  "St. Ann's Bay": 'St. Ann',
  'Ocho Rios': 'St. Ann',
  Falmouth: 'Trelawny',
  'Montego Bay': 'St. James',
  Lucea: 'Hanover',
  'Savanna-la-Mar': 'Westmoreland',
  Negril: 'Westmoreland',
  'Black River': 'St. Elizabeth',
  Mandeville: 'Manchester',
  'May Pen': 'Clarendon',
  'Spanish Town': 'St. Catherine',
  Portmore: 'St. Catherine',
  'Old Harbour': 'St. Catherine',
  Linstead: 'St. Catherine',
};

const CAPITALS: Record<Parish, string> = {
  Kingston: 'Kingston',
  'St. Andrew': 'Half Way Tree',
  'St. Thomas': 'Morant Bay',
  Portland: 'Port Antonio',
  'St. Mary': 'Port Maria',
  'St. Ann': "St. Ann's Bay",
  Trelawny: 'Falmouth',
  'St. James': 'Montego Bay',
  Hanover: 'Lucea',
  Westmoreland: 'Savanna-la-Mar',
  'St. Elizabeth': 'Black River',
  Manchester: 'Mandeville',
  Clarendon: 'May Pen',
  'St. Catherine': 'Spanish Town',
};

export const TOWNS: readonly Town[] = Object.entries(TOWN_PARISH).map(([name, parish]) => ({
  name,
  parish,
  isCapital: CAPITALS[parish] === name,
  inSignupList: (SIGNUP_TOWNS as readonly string[]).includes(name),
}));

export const TOWN_NAMES = TOWNS.map((t) => t.name);

/** Case-insensitive lookup of a catalog town; undefined when the name is not in the catalog. */
export function findTown(name: string): Town | undefined {
  const key = name.trim().toLowerCase();
  return TOWNS.find((t) => t.name.toLowerCase() === key);
}

/** Case-insensitive lookup of a parish as the catalog spells it ('st. andrew' → 'St. Andrew'). */
export function findParish(name: string): Parish | undefined {
  const key = name.trim().toLowerCase();
  return PARISHES.find((p) => p.toLowerCase() === key);
}

export const CAREGIVER_KINDS = [
  { value: 'child-care', label: 'Child care & Nannies' },
  { value: 'babysitters', label: 'Babysitters' },
  { value: 'tutors', label: 'Tutors & Education' },
  { value: 'senior-care', label: 'Senior care & Nurses' },
  { value: 'special-needs', label: 'Special needs care' },
  { value: 'housekeepers', label: 'Housekeepers' },
  { value: 'janitors', label: 'Janitors & Cleaning' },
  { value: 'maintenance', label: 'Maintenance & Handyman' },
] as const;
export type CaregiverKind = (typeof CAREGIVER_KINDS)[number]['value'];
export const CAREGIVER_KIND_VALUES = CAREGIVER_KINDS.map((k) => k.value) as [
  CaregiverKind,
  ...CaregiverKind[],
];

/** Skills offered in onboarding (docs/product.md#constants-and-limits). */
export const ONBOARDING_SKILLS = [
  'Infant Care',
  'Toddler Care',
  'School Age Care',
  'Special Needs Care',
  'Meal Preparation',
  'Light Housekeeping',
  'Homework Help',
  'Transportation',
  'Pet Care',
  'Overnight Care',
  'Emergency Care',
  'Educational Activities',
] as const;

/** Skills offered as search filters (docs/product.md#constants-and-limits). */
export const FILTER_SKILLS = [
  'Early Childhood Education',
  'First Aid Certified',
  'CPR Certified',
  'Arts & Crafts',
  'Meal Preparation',
  'Homework Help',
  'Special Needs Care',
  'Educational Support',
  'Behavioral Support',
  'Infant Care',
  'Cooking',
  'Light Housekeeping',
] as const;

export const CERTIFICATIONS = [
  'CPR Certified',
  'First Aid Certified',
  'Child Development Associate (CDA)',
  'Early Childhood Education',
  'Nursing Assistant',
  'Teaching Credential',
  'Background Check Completed',
  'Reference Verified',
] as const;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The 24 onboarding availability slots: morning/afternoon/evening for each day, plus three general ones. */
export const AVAILABILITY_SLOTS: readonly string[] = [
  ...WEEKDAYS.flatMap((d) => {
    const day = d[0].toUpperCase() + d.slice(1);
    return [`${day} Morning`, `${day} Afternoon`, `${day} Evening`];
  }),
  'Weekends',
  'Overnight',
  'Emergency/On-call',
];

/** Availability values offered as search filters (docs/product.md#constants-and-limits). */
export const FILTER_AVAILABILITY = [
  'Weekdays',
  'Weekends',
  'Evenings',
  'Mornings',
  'Afternoons',
  'Overnight',
] as const;

export const EXPERIENCE_OPTIONS = [
  { value: 1, label: '1 year' },
  { value: 2, label: '2 years' },
  { value: 3, label: '3 years' },
  { value: 4, label: '4 years' },
  { value: 5, label: '5 years' },
  { value: 6, label: '6-10 years' },
  { value: 10, label: '10+ years' },
] as const;

export const USER_TYPES = ['family', 'caregiver'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Roles include admin, which is never chosen at signup. */
export const ROLES = ['family', 'caregiver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The kinds of care a skill or certification points to: how a profile created without kinds (the spec's
 * onboarding payload has none) gets a first guess, which the caregiver then confirms on the dashboard.
 * Keys are catalog spellings (matched case-insensitively); anything else points nowhere.
 */
export const KIND_HINTS: Readonly<Record<string, readonly CaregiverKind[]>> = {
  'Infant Care': ['child-care', 'babysitters'],
  'Toddler Care': ['child-care', 'babysitters'],
  'School Age Care': ['child-care', 'babysitters'],
  'Early Childhood Education': ['child-care'],
  'Child Development Associate (CDA)': ['child-care'],
  'Homework Help': ['tutors'],
  'Educational Activities': ['tutors'],
  'Educational Support': ['tutors'],
  'Teaching Credential': ['tutors'],
  'Nursing Assistant': ['senior-care'],
  'Special Needs Care': ['special-needs'],
  'Behavioral Support': ['special-needs'],
  'Light Housekeeping': ['housekeepers'],
};

/** When nothing in a profile points to a kind: child care, the marketplace's first kind. */
export const DEFAULT_KINDS: readonly CaregiverKind[] = ['child-care'];

const KIND_HINTS_BY_KEY = new Map(Object.entries(KIND_HINTS).map(([k, v]) => [k.toLowerCase(), v]));

/**
 * The kinds that skills and certifications point to, in catalog order; the fallback (e.g. the kinds
 * chosen at signup, else DEFAULT_KINDS) when none does.
 */
export function inferKinds(
  qualifications: readonly string[],
  fallback: readonly CaregiverKind[] = DEFAULT_KINDS,
): CaregiverKind[] {
  const hinted = new Set(qualifications.flatMap((q) => KIND_HINTS_BY_KEY.get(q.trim().toLowerCase()) ?? []));
  const kinds = CAREGIVER_KIND_VALUES.filter((k) => hinted.has(k));
  return kinds.length > 0 ? kinds : [...fallback];
}
