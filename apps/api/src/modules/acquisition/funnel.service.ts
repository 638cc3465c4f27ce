import { type Funnel, type FunnelRow, type funnelQuerySchema, rate } from '@guichet/shared/acquisition';
import { CSV_BOM, type CsvValue, csvAmount, csvDialect, csvRow } from '@guichet/shared/csv';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import * as repository from './funnel.repository';
import { findEvent } from './links.repository';

/**
 * The funnel per channel (or per link): visits → checkouts started → paid orders → revenue net of refunds,
 * for an event or the whole organisation, over a period of days in the viewer's time zone.
 */

type FunnelQuery = z.output<typeof funnelQuerySchema>;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffset(at: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  const part = (name: string) => parts[name] ?? 0;
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a day starts in a time zone (daylight saving time included). */
export function startOfDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, date);
  const first = guess - zoneOffset(guess, timeZone);
  return new Date(guess - zoneOffset(first, timeZone));
}

function nextDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new AppError('argument-error', 'Unknown time zone.', {
      details: [{ path: 'querystring.timeZone', message: 'Unknown time zone.' }],
    });
  }
}

interface Bucket {
  channel: string;
  linkId: string | null;
  linkName: string | null;
  visits: number;
  checkouts: number;
  paidOrders: number;
  revenue: Map<string, number>;
}

function finish(bucket: Bucket): FunnelRow {
  return {
    channel: bucket.channel,
    linkId: bucket.linkId,
    linkName: bucket.linkName,
    visits: bucket.visits,
    checkouts: bucket.checkouts,
    paidOrders: bucket.paidOrders,
    netRevenue: [...bucket.revenue.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amountMinor]) => ({ currency, amountMinor })),
    checkoutRate: rate(bucket.checkouts, bucket.visits),
    paidRate: rate(bucket.paidOrders, bucket.checkouts),
    conversionRate: rate(bucket.paidOrders, bucket.visits),
  };
}

export async function getFunnel(
  ctx: AppContext,
  organizationId: string,
  query: FunnelQuery,
): Promise<Funnel> {
  checkTimeZone(query.timeZone);
  if (query.eventId && !(await findEvent(ctx.db, organizationId, query.eventId))) {
    throw new AppError('not-found', 'No such event in this organisation.');
  }
  const scope = {
    eventId: query.eventId,
    from: startOfDay(query.from, query.timeZone),
    to: startOfDay(nextDay(query.to), query.timeZone),
  };
  const [touches, revenue] = await Promise.all([
    repository.touchCounts(ctx.db, organizationId, scope),
    repository.attributedRevenue(ctx.db, organizationId, scope, query.model),
  ]);
  const byLink = query.groupBy === 'link';
  const buckets = new Map<string, Bucket>();
  const bucketOf = (row: { channel: string; linkId: string | null; linkName: string | null }) => {
    const key = byLink ? `${row.channel}\u0000${row.linkId ?? ''}` : row.channel;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = {
        channel: row.channel,
        linkId: byLink ? row.linkId : null,
        linkName: byLink ? row.linkName : null,
        visits: 0,
        checkouts: 0,
        paidOrders: 0,
        revenue: new Map(),
      };
      buckets.set(key, bucket);
    }
    return bucket;
  };
  const total: Bucket = {
    channel: 'all',
    linkId: null,
    linkName: null,
    visits: 0,
    checkouts: 0,
    paidOrders: 0,
    revenue: new Map(),
  };
  for (const row of touches) {
    for (const bucket of [bucketOf(row), total]) {
      bucket.visits += row.visits;
      bucket.checkouts += row.checkouts;
    }
  }
  for (const row of revenue) {
    for (const bucket of [bucketOf(row), total]) {
      bucket.paidOrders += row.paidOrders;
      bucket.revenue.set(row.currency, (bucket.revenue.get(row.currency) ?? 0) + row.netMinor);
    }
  }
  const rows = [...buckets.values()]
    .map(finish)
    .sort(
      (a, b) =>
        b.visits - a.visits ||
        b.paidOrders - a.paidOrders ||
        a.channel.localeCompare(b.channel) ||
        (a.linkName ?? '').localeCompare(b.linkName ?? ''),
    );
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    model: query.model,
    rows,
    total: finish(total),
  };
}

const HEADERS = {
  en: [
    'Channel',
    'Link',
    'Visits',
    'Checkouts started',
    'Paid orders',
    'Currency',
    'Net revenue',
    'Visit to checkout (%)',
    'Checkout to paid (%)',
    'Visit to paid (%)',
  ],
  fr: [
    'Canal',
    'Lien',
    'Visites',
    'Paiements commencés',
    'Commandes payées',
    'Devise',
    'Recette nette',
    'Visite → paiement (%)',
    'Paiement → payé (%)',
    'Visite → payé (%)',
  ],
} as const;

const percent = (value: number | null): CsvValue => (value === null ? null : Math.round(value * 10000) / 100);

/** The funnel as CSV in the reader's conventions: one line per row and currency (one with none). */
export function funnelCsv(funnel: Funnel, locale: 'en' | 'fr'): string {
  const dialect = csvDialect(locale);
  const lines = [csvRow(HEADERS[locale], dialect)];
  for (const row of [...funnel.rows, funnel.total]) {
    const amounts = row.netRevenue.length > 0 ? row.netRevenue : [null];
    for (const amount of amounts) {
      lines.push(
        csvRow(
          [
            row === funnel.total ? (locale === 'fr' ? 'Total' : 'Total') : row.channel,
            row.linkName,
            row.visits,
            row.checkouts,
            row.paidOrders,
            amount?.currency ?? null,
            amount ? csvAmount(amount.amountMinor, amount.currency) : null,
            percent(row.checkoutRate),
            percent(row.paidRate),
            percent(row.conversionRate),
          ],
          dialect,
        ),
      );
    }
  }
  return CSV_BOM + lines.join('');
}
