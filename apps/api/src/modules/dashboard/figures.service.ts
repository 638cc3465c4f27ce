import type { Queryable } from '@guichet/db/client';
import type {
  CurrencyFigures,
  DashboardFigures,
  dashboardFiguresQuerySchema,
  PeriodFigures,
} from '@guichet/shared/dashboard';
import type { z } from 'zod';
import * as repository from './figures.repository';

/**
 * The dashboard's figures for a period and the one of the same length just before it. Money comes from the
 * ledger (as the finances page counts it); orders, tickets and customers from their own records; admissions
 * from the check-in log.
 */

export type FiguresQuery = z.output<typeof dashboardFiguresQuerySchema>;

const DAY_MS = 86_400_000;

/** `date` moved by `days` (calendar arithmetic on UTC midnights). */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The period of the same number of days that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  return { from: shiftDate(from, -days), to: shiftDate(from, -1) };
}

/** A period's money per currency, with the average order. */
function withAverage(money: repository.Money[]): CurrencyFigures[] {
  return money.map((row) => ({
    ...row,
    averageOrderMinor: row.paidOrders > 0 ? Math.round(row.grossMinor / row.paidOrders) : 0,
  }));
}

export async function figures(
  db: Queryable,
  organizationId: string,
  query: FiguresQuery,
): Promise<DashboardFigures> {
  const { from, to, tz } = query;
  const before = previousPeriod(from, to);
  // A period of one or two days is drawn per hour, longer ones per day.
  const bucket = Date.parse(to) - Date.parse(from) <= DAY_MS ? 'hour' : 'day';
  // One statement: the ledger's money of both periods with the chart (one read of the roll-up), and the
  // orders, tickets, customers and admissions of both periods. One snapshot, so no figure is read before a
  // payment's commit and another after it (two statements showed an order a poll before its money).
  const { periods, series, activity } = await repository.moneyFigures(db, {
    organizationId,
    tz,
    periods: [{ from, to }, before],
    chart: { from, to, bucket },
    activity: true,
  });
  const none = { orders: 0, ticketsSold: 0, newCustomers: 0, returningCustomers: 0, checkIns: 0 };
  const period = (
    days: { from: string; to: string },
    index: number,
    currencies: CurrencyFigures[],
  ): PeriodFigures => ({ from: days.from, to: days.to, ...(activity[index] ?? none), currencies });
  return {
    tz,
    bucket,
    current: period({ from, to }, 0, withAverage(periods[0] ?? [])),
    previous: period(before, 1, withAverage(periods[1] ?? [])),
    series,
    at: new Date().toISOString(),
  };
}
