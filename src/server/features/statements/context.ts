import type { StatementView } from '../../../shared/contracts/statements';
import type { Mailer } from '../../adapters/mailer';
import type { Db, Tx } from '../../db/client';
import type { CircleStatementRow } from '../bookings';
import type { CircleAction, CircleMemberContact, CircleRow } from '../circles';
import type { FxRateService } from '../fx-rates';

/** What the statements service is built from (services.ts), and what its parts share. */
export interface StatementDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  fxRates: Pick<FxRateService, 'rates'>;
  /** A circle's booked visits of a month, and the circles with any (bookings; issue 31: statements' port). */
  bookings: StatementBookings;
  /** A care circle, its members and who may read its statement (circles). */
  circles: StatementCircles;
  /** Whether a user takes e-mail for a group of notices (notifications' preferences). */
  wantsEmail(db: Db, userId: number, group: 'bookings'): Promise<boolean>;
  now?: () => Date;
}
/** A circle's booked visits of a Jamaica month ('yyyy-MM'), and the circles with any. */
export interface StatementBookings {
  circleStatementRows(tx: Tx, circleId: number, month: string): Promise<CircleStatementRow[]>;
  circlesWithStatementRows(tx: Tx, month: string): Promise<number[]>;
}

/** A care circle, its members, and who may read its statement (404/403 otherwise). */
export interface StatementCircles {
  find(tx: Tx, circleId: number): Promise<CircleRow | undefined>;
  members(tx: Tx, circleId: number): Promise<CircleMemberContact[]>;
  authorize(
    tx: Tx,
    circleId: number,
    actor: { id: number },
    action: CircleAction,
  ): Promise<{ circle: CircleRow }>;
}

export type StatementContext = Required<StatementDeps> & {
  /**
   * A circle's statement for a month, its total estimated in `currencies` (JMD: none), then with
   * `withPayers` in each payer's own.
   */
  compose(
    tx: Tx,
    circle: CircleRow,
    month: string,
    currencies: readonly string[],
    opts?: { withPayers?: boolean },
  ): Promise<StatementView>;
};
