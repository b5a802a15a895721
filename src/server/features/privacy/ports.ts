import type { Tx } from '../../db/client';

// What the privacy feature asks of the others (given by src/server/wiring/privacy-hooks.ts through services.ts):
// each feature that stores personal data offers an export section and, where needed, an eraser.

/** One section of the export: what belongs to the user, under its key (in the table's order). */
export type ExportSection = (tx: Tx, userId: number) => Promise<unknown>;

/**
 * A feature that stores more personal data adds a scrubber (one line in the table). It runs inside the
 * scrub's transaction with the user's id and the e-mail and phone they had, and returns the private file keys
 * to delete after commit; keep rows that money records need (bookings, ledger, payouts) and blank the
 * personal fields instead.
 */
export type Scrubber = (
  tx: Tx,
  user: { id: number; email: string; phone: string | null },
) => Promise<string[] | undefined>;

export interface PrivacyHooks {
  /** The export's feature sections, by key, in the export's order. */
  exporters: Record<string, ExportSection>;
  /** Run in this order inside an account's scrub. */
  erasers: Scrubber[];
  /** The user's e-mail preferences as the export shows them (notifications). */
  emailPreferences(tx: Tx, userId: number): Promise<unknown>;
  /** Signs the user out everywhere (auth), inside the deletion's transaction. */
  revokeSessions(tx: Tx, userId: number): Promise<void>;
}
