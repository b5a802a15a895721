import { jamaicaMonth, previousMonth } from '../../../shared/time';

/** How far back the month picker goes (a statement is for a Jamaica month; older ones stay downloadable by link). */
export const STATEMENT_MONTHS_MAX = 24;

/**
 * The months a circle's statement can be read for, newest first: this month in Jamaica back to the month
 * the circle was created (at most STATEMENT_MONTHS_MAX of them). The server takes no month after this one.
 */
export function statementMonths(createdAt: string, now: Date = new Date()): string[] {
  const first = jamaicaMonth(new Date(createdAt));
  const months = [jamaicaMonth(now)];
  while (months.length < STATEMENT_MONTHS_MAX && months[months.length - 1] > first) {
    months.push(previousMonth(months[months.length - 1]));
  }
  return months;
}
