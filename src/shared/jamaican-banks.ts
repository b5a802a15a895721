/**
 * The Jamaican banks a caregiver's JMD payouts can go to (issue 34, ADR 0052). `code` is ours (short,
 * stable, what the payout account and the bank-transfer batch file carry); `bic` is the SWIFT/BIC only
 * where a public page confirmed it; `clearingCode` is the 3-digit bank part of a Jamaican transit number
 * only where a public page confirmed it. Nothing here is guessed: an unknown fact is undefined.
 *
 * A Jamaican transit (routing) number is a 3-digit bank code followed by a 5-digit branch number; what a
 * caregiver types as "branch (transit)" is the 5-digit branch part. Account-number lengths are not
 * published per bank, so every bank takes 6 to 18 digits until an acquirer's file spec says otherwise.
 */
export interface JamaicanBank {
  code: string;
  name: string;
  /** Other names people type for it (used to map older free-text bank names onto a code). */
  aliases: readonly string[];
  bic?: string;
  clearingCode?: string;
  branchDigits: number;
  accountDigits: readonly [min: number, max: number];
}

export const DEFAULT_BRANCH_DIGITS = 5;
export const DEFAULT_ACCOUNT_DIGITS = [6, 18] as const;

export const JAMAICAN_BANKS = [
  {
    code: 'NCB',
    name: 'National Commercial Bank (NCB)',
    aliases: ['ncb', 'national commercial bank'],
    bic: 'JNCBJMKX',
    branchDigits: DEFAULT_BRANCH_DIGITS,
    accountDigits: DEFAULT_ACCOUNT_DIGITS,
  },
  {
    code: 'BNS',
    name: 'Scotiabank Jamaica',
    aliases: ['scotiabank', 'scotia', 'bank of nova scotia', 'bns'],
    clearingCode: '002',
    branchDigits: DEFAULT_BRANCH_DIGITS,
    accountDigits: DEFAULT_ACCOUNT_DIGITS,
  },
  {
    code: 'JN',
    name: 'JN Bank',
    aliases: ['jn', 'jn bank', 'jamaica national', 'jnbs'],
    bic: 'JNBSJMKN',
    branchDigits: DEFAULT_BRANCH_DIGITS,
    accountDigits: DEFAULT_ACCOUNT_DIGITS,
  },
  {
    code: 'SAGICOR',
    name: 'Sagicor Bank Jamaica',
    aliases: ['sagicor', 'sagicor bank'],
    branchDigits: DEFAULT_BRANCH_DIGITS,
    accountDigits: DEFAULT_ACCOUNT_DIGITS,
  },
  {
    code: 'CIBC',
    name: 'CIBC Caribbean (FirstCaribbean)',
    aliases: ['cibc', 'firstcaribbean', 'first caribbean', 'cibc firstcaribbean', 'cibc caribbean'],
    bic: 'FCIBJMKN',
    branchDigits: DEFAULT_BRANCH_DIGITS,
    accountDigits: DEFAULT_ACCOUNT_DIGITS,
  },
  {
    code: 'FGB',
    name: 'First Global Bank',
    aliases: ['first global', 'first global bank', 'fgb'],
    bic: 'FILBJMKN',
    branchDigits: DEFAULT_BRANCH_DIGITS,
    accountDigits: DEFAULT_ACCOUNT_DIGITS,
  },
  {
    code: 'JMMB',
    name: 'JMMB Bank',
    aliases: ['jmmb', 'jmmb bank'],
    branchDigits: DEFAULT_BRANCH_DIGITS,
    accountDigits: DEFAULT_ACCOUNT_DIGITS,
  },
  {
    code: 'CITI',
    name: 'Citibank Jamaica',
    aliases: ['citi', 'citibank', 'citibank jamaica'],
    bic: 'CITIJMK1',
    branchDigits: DEFAULT_BRANCH_DIGITS,
    accountDigits: DEFAULT_ACCOUNT_DIGITS,
  },
] as const satisfies readonly JamaicanBank[];

export type JamaicanBankCode = (typeof JAMAICAN_BANKS)[number]['code'];
export const JAMAICAN_BANK_CODES = JAMAICAN_BANKS.map((b) => b.code) as [
  JamaicanBankCode,
  ...JamaicanBankCode[],
];

export const BANK_ACCOUNT_TYPES = ['savings', 'chequing'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export function bankByCode(code: string | null | undefined): JamaicanBank | undefined {
  return JAMAICAN_BANKS.find((b) => b.code === code);
}

/** The bank an older free-text name means ("NCB", "Scotiabank", "JN Bank Ltd"…), or undefined. */
export function bankFromName(name: string | null | undefined): JamaicanBank | undefined {
  if (!name) return undefined;
  const n = name
    .toLowerCase()
    .replace(/\b(ltd|limited|jamaica|ja)\b\.?/g, ' ')
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (
    JAMAICAN_BANKS.find((b) => b.code.toLowerCase() === n || b.aliases.some((a) => a === n)) ??
    JAMAICAN_BANKS.find((b) => b.aliases.some((a) => a.length > 3 && n.includes(a)))
  );
}
