import type { Database } from '@guichet/db/client';
import type { DashboardEvent, DashboardEvents } from '@guichet/shared/dashboard';
import { countHeadcount } from '../scan/headcount';
import * as repository from './events.repository';

/**
 * Upcoming events with their fill rate and sales pace against the previous comparable event (the latest
 * that has ended: its sales as they stood as long before its start as the upcoming one is now), and events
 * happening now with the live headcount across their gates.
 */

const UPCOMING = 6;
const NOW = 6;

export async function dashboardEvents(
  db: Database,
  organizationId: string,
  now = new Date(),
): Promise<DashboardEvents> {
  const [upcoming, happening, previous] = await Promise.all([
    repository.eventSales(db, organizationId, 'upcoming', now, UPCOMING),
    repository.eventSales(db, organizationId, 'now', now, NOW),
    repository.previousEvent(db, organizationId, now),
  ]);
  const shape = (
    event: repository.EventSales,
  ): Omit<DashboardEvent, 'comparable' | 'insideNow' | 'checkedIn'> => ({
    id: event.id,
    name: event.name,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    capacity: event.capacity,
    ticketsSold: event.ticketsSold,
    fillRate: event.capacity ? Math.min(1, event.ticketsSold / event.capacity) : null,
    soldLast7Days: event.soldLast7Days,
  });
  // The previous event's sales as they stood as long before its start as each upcoming event is now.
  const soldThen = previous
    ? await repository.soldBeforeEach(
        db,
        organizationId,
        previous.id,
        upcoming.map(
          (event) => new Date(previous.startsAt.getTime() - (event.startsAt.getTime() - now.getTime())),
        ),
      )
    : [];
  return {
    upcoming: upcoming.map((event, index) => ({
      ...shape(event),
      comparable: previous
        ? {
            id: previous.id,
            name: previous.name,
            ticketsSold: previous.ticketsSold,
            soldSameTimeBefore: soldThen[index] ?? 0,
          }
        : null,
      insideNow: null,
      checkedIn: null,
    })),
    now: await Promise.all(
      happening.map(async (event) => {
        const headcount = await countHeadcount(db, organizationId, event.id);
        return {
          ...shape(event),
          comparable: null,
          insideNow: headcount.insideNow,
          checkedIn: headcount.checkedIn,
        };
      }),
    ),
  };
}
