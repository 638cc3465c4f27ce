// Budget: `GET /api/events?limit=50` p95 ≤ 30 ms at 16 concurrent clients with 10 000 events in the
// organisation, on PostgreSQL (BENCH_DATABASE_URL). Not part of `npm test`.
import { openDatabase } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { events, ticketTypes } from '@guichet/db/schema/events';
import { cpuMs, load, postgresCpuMs, round, startTarget, verdict } from './lib';

const EVENTS = 10_000;

export async function benchEventsList(seconds = 10): Promise<boolean> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('SKIP  events list: set BENCH_DATABASE_URL to a PostgreSQL database');
    return true;
  }
  const guichet = await startTarget('guichet.ts');
  const { accessToken } = guichet.extra as { accessToken: string };
  const base = `http://127.0.0.1:${guichet.port}/api`;
  const created = await fetch(`${base}/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench ${Date.now()}` }),
  });
  const { id: organizationId } = (await created.json()) as { id: string };

  const database = await openDatabase({ url, maxConnections: 2 });
  const now = Date.now();
  for (let offset = 0; offset < EVENTS; offset += 1000) {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const n = offset + i;
      const startsAt = new Date(now + (n - EVENTS / 2) * 3600_000);
      return {
        id: uuidv7(),
        organizationId,
        slug: `event-${n}`,
        name: `Event ${n}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
        timeZone: 'Europe/Paris',
        venueName: `Venue ${n % 50}`,
        latitude: String(43 + (n % 500) / 100),
        longitude: String(-1 + (n % 700) / 100),
      };
    });
    await database.db.insert(events).values(rows);
    await database.db.insert(ticketTypes).values(
      rows.flatMap((row) => [
        {
          organizationId,
          eventId: row.id,
          name: 'Standard',
          priceMinor: 2000,
          currency: 'EUR',
          capacity: 200,
        },
        {
          organizationId,
          eventId: row.id,
          name: 'VIP',
          priceMinor: 8000,
          currency: 'EUR',
          capacity: 20,
          position: 1,
        },
      ]),
    );
  }
  await database.db.execute('analyze events; analyze ticket_types');
  await database.close();

  const request = {
    url: `${base}/events?limit=50`,
    headers: { authorization: `Bearer ${accessToken}`, 'x-organization-id': organizationId },
  };
  await load({ ...request, connections: 16, seconds: 2 });
  const before = { api: cpuMs(guichet.child.pid), postgres: postgresCpuMs() };
  const run = await load({ ...request, connections: 16, seconds });
  const perRequest = (spent: number | undefined, start: number | undefined) =>
    spent === undefined || start === undefined ? '?' : round((spent - start) / run.total, 2);
  console.log(
    `CPU per request: API ${perRequest(cpuMs(guichet.child.pid), before.api)} ms, PostgreSQL ${perRequest(postgresCpuMs(), before.postgres)} ms`,
  );
  await guichet.stop();
  console.log(
    `GET /api/events?limit=50 with ${EVENTS} events: ${round(run.requestsPerSecond)} req/s, p50 ${run.p50} ms, p95 ${run.p95} ms, p99 ${run.p99} ms (errors ${run.errors + run.non2xx})`,
  );
  return verdict(
    'events list p95 ≤ 30 ms at 16 clients',
    run.p95 <= 30 && run.errors + run.non2xx === 0,
    `${run.p95} ms`,
  );
}

if (process.argv[1]?.endsWith('events-list.ts')) {
  process.exitCode = (await benchEventsList()) ? 0 : 1;
}
