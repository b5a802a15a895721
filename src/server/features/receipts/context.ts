import type { FxCurrency, FxRate } from '../../../shared/fx';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { OutboxNotice } from '../../core/notice-types';
import type { Db, Tx } from '../../db/client';

/** What the receipts service is built from (src/server/wiring/services.ts joins these ports). */
export interface ReceiptDeps {
  db: Db;
  publicUrl: string;
  /** The rates admins keep (fx-rates), for a payer abroad's estimate. */
  fxRates: { rates(tx: Tx): Promise<Map<FxCurrency, FxRate>> };
  /** Care circles (circles' access): a member's circles, and whether they may read its money (viewStatement). */
  circles: {
    circleIdsOf(tx: Tx, userId: number): Promise<number[]>;
    decide(
      tx: Tx,
      circleId: number,
      userId: number,
      action: 'viewStatement',
    ): Promise<'allowed' | 'forbidden' | 'hidden'>;
  };
  /** The delivery outbox (notifications): a notice, e-mailed by the recipient's preferences. */
  notices: { queue(tx: Tx, n: OutboxNotice, at: Date): Promise<Mail[]> };
  /** The notice mailer: dispatches the outbox rows `notices.queue` returned, after commit. */
  mailer: Mailer;
  now?: () => Date;
}
