import type { StatementView } from '../../../shared/contracts/statements';
import type { Mailer } from '../../adapters/mailer';
import type { Db, Tx } from '../../db/client';
import type { circleStatementRows, circlesWithStatementRows } from '../bookings';
import type { CircleRow, circleBookingRules } from '../circles';
import type { FxRateService } from '../fx-rates';

/** What the statements service is built from (services.ts), and what its parts share. */
export interface StatementDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  fxRates: Pick<FxRateService, 'rates'>;
  /** A circle's booked visits of a month, and the circles with any (bookings; issue 31: statements' port). */
  bookings: {
    circleStatementRows: typeof circleStatementRows;
    circlesWithStatementRows: typeof circlesWithStatementRows;
  };
  /** A care circle, its members and who may read its statement (circles). */
  circles: Pick<typeof circleBookingRules, 'find' | 'members' | 'authorize'>;
  /** Whether a user takes e-mail for a group of notices (notifications' preferences). */
  wantsEmail(db: Db, userId: number, group: 'bookings'): Promise<boolean>;
  now?: () => Date;
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
