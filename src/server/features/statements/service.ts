import type { StatementView } from '../../../shared/contracts/statements';
import { type FxCurrency, isFxCurrency } from '../../../shared/fx';
import { jamaicaMonth } from '../../../shared/time';
import type { Tx } from '../../db/client';
import { badRequest, forbidden } from '../../errors';
import type { StatementContext, StatementDeps } from './context';
import { monthlyStatementMails } from './monthly-mail';
import { statementRepo } from './repo';
import { buildStatement } from './statement';
import { statementCsv } from './statement-csv';
import { statementPdf } from './statement-pdf';

/** The earliest month a statement is written for. */
export const FIRST_STATEMENT_MONTH = '2000-01';

export type { StatementContext, StatementDeps } from './context';

/**
 * Care circles' monthly statements (ADR 0026): the visits, hours, amounts, fees and caregivers of a Jamaica
 * month, for the circle's payers and coordinators (the circle policy's `viewStatement`), as JSON or CSV, and
 * mailed to every payer on the 1st.
 */
export function createStatementService(deps: StatementDeps) {
  const base = { ...deps, now: deps.now ?? (() => new Date()) };
  const { circles } = deps;
  const ctx: StatementContext = {
    ...base,
    async compose(tx, circle, month, first, opts = {}) {
      const wanted = [...first];
      if (opts.withPayers) {
        const members = await circles.members(tx, circle.id);
        const payerIds = members.filter((m) => m.roles.includes('payer')).map((m) => m.userId);
        const currencyOf = await statementRepo.currenciesOf(tx, payerIds);
        for (const id of payerIds) wanted.push(currencyOf.get(id) ?? 'JMD');
      }
      const currencies = wanted.filter((c): c is FxCurrency => isFxCurrency(c));
      return buildStatement({
        circle: { id: circle.id, name: circle.name, recipientFirstName: circle.recipientFirstName },
        month,
        rows: await base.bookings.circleStatementRows(tx, circle.id, month),
        rates: await base.fxRates.rates(tx),
        currencies,
        generatedAt: base.now(),
      });
    },
  };

  return {
    /**
     * The statement of a circle for a Jamaica month: payers and coordinators only (viewers 403, anyone else
     * 404, decided first); a month after the current one is a 400. The total is estimated in the reader's
     * currency first, then in each payer's.
     */
    async statement(
      actor: { id: number; userType: string; currency: string },
      circleId: number,
      month: string,
    ): Promise<StatementView> {
      if (actor.userType !== 'family') throw forbidden();
      return base.db.transaction(async (tx) => {
        const { circle } = await circles.authorize(tx, circleId, actor, 'viewStatement');
        const current = jamaicaMonth(base.now());
        if (month > current || month < FIRST_STATEMENT_MONTH) {
          const message =
            month > current
              ? `There is no statement for ${month} yet: the latest is this month, ${current} (Jamaica time).`
              : `Statements start from ${FIRST_STATEMENT_MONTH}.`;
          throw badRequest(message, [{ path: 'month', message }]);
        }
        return ctx.compose(tx, circle, month, [actor.currency], { withPayers: true });
      });
    },

    csv: statementCsv,
    pdf: statementPdf,

    ...monthlyStatementMails(ctx),
  };
}

/** The privacy export's section: which circles' statements were mailed to the user, and when. */
export const statementMailsExport = (tx: Tx, userId: number) => statementRepo.mailsTo(tx, userId);
