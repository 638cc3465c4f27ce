// Budget: the public event page's throughput with visit recording ≥ 90% of its throughput without, same
// run. A page load is what a buyer's browser asks the API for: the event (`GET /api/public/events/…`) and
// the visit beacon (`POST /api/public/visits`), with a browser's user agent (bots are left out before any
// work, so they would measure nothing), a new visitor id each time and a mix of tracking link, UTM values,
// an outside referrer and direct visits. Two API processes, alike but for `VISITS_RECORDING=off` in the
// baseline's (the beacon answered, nothing recorded); 16 connections; medians of alternating rounds.
// Embedded database by default (each process its own), PostgreSQL with BENCH_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { alternatingRounds, median, round, startTarget, type Target, verdict } from './lib';

const CONNECTIONS = 16;
const ROUNDS = 5;
const BUDGET = 0.9;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Site {
  target: Target;
  base: string;
  orgSlug: string;
  eventSlug: string;
  linkCode: string;
  token: string;
  organizationId: string;
}

async function call<T>(
  site: Omit<Site, 'orgSlug' | 'eventSlug' | 'linkCode'>,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${site.base}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${site.token}`,
      'x-organization-id': site.organizationId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An API process with a published event on sale and a tracking link of it. */
async function site(recording: boolean, dataDir: string): Promise<Site> {
  const target = await startTarget('guichet.ts', {
    BENCH_DATA_DIR: dataDir,
    VISITS_RECORDING: recording ? 'on' : 'off',
  });
  const base = `http://127.0.0.1:${target.port}`;
  const token = String(target.extra.accessToken);
  const organization = await call<{ id: string; slug: string }>(
    { target, base, token, organizationId: '' },
    'POST',
    '/organizations',
    { name: `Visits bench ${recording ? 'on' : 'off'} ${Date.now()}` },
  );
  const owner = { target, base, token, organizationId: organization.id };
  const startsAt = new Date(Date.now() + 30 * 86_400_000);
  const event = await call<{ id: string; slug: string }>(owner, 'POST', '/events', {
    name: 'Summer concert',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3 * 3_600_000).toISOString(),
    timeZone: 'Europe/Paris',
    locationType: 'venue',
    venueName: 'Salle des fêtes',
    venueAddress: '1 rue de la Paix, 75002 Paris',
  });
  await call(owner, 'POST', `/events/${event.id}/ticket-types`, {
    name: 'Entry',
    priceMinor: 2500,
    capacity: 1000,
  });
  await call(owner, 'POST', `/events/${event.id}/publish`);
  const link = await call<{ code: string }>(owner, 'POST', '/acquisition/links', {
    eventId: event.id,
    name: 'Poster',
    channel: 'poster',
  });
  return { ...owner, orgSlug: organization.slug, eventSlug: event.slug, linkCode: link.code };
}

/** The beacon a page load sends: a new visitor, and where they came from (one of four kinds). */
function visitBody(s: Site, turn: number): string {
  const landing = [
    { link: s.linkCode },
    { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'june' },
    { referrer: 'https://www.google.com/search?q=concert' },
    {},
  ][turn % 4];
  return JSON.stringify({
    orgSlug: s.orgSlug,
    eventSlug: s.eventSlug,
    visitorId: randomUUID(),
    kind: 'visit',
    ...landing,
  });
}

/** Page loads per second (each the event and its beacon) at 16 connections, and the requests' p95. */
async function pageLoads(s: Site, seconds: number) {
  let turn = 0;
  const result = await autocannon({
    url: s.base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'user-agent': BROWSER },
    requests: [
      { method: 'GET', path: `/api/public/events/${s.orgSlug}/${s.eventSlug}` },
      {
        method: 'POST',
        path: '/api/public/visits',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
        setupRequest: (request) => ({ ...request, body: visitBody(s, turn++) }),
      },
    ],
  });
  return {
    pageLoads: result.requests.average / 2,
    // Each connection sends the event, then the beacon: about half of the answers are beacons.
    beacons: Math.floor(result.requests.total / 2),
    p95: result.latency.p97_5,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Visits the recording process stored (through the funnel's total, as the organiser sees them). */
async function storedVisits(s: Site): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const funnel = await call<{ total: { visits: number } }>(
    s,
    'GET',
    `/acquisition/funnel?from=${today}&to=${today}`,
  );
  return funnel.total.visits;
}

export async function benchVisits(seconds = 5): Promise<boolean> {
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'guichet-visits-bench-')));
  const on = await site(true, dirs[0] as string);
  const off = await site(false, dirs[1] as string).catch(async (error: unknown) => {
    await on.target.stop();
    throw error;
  });
  try {
    // Warm-up: both processes compile their routes and fill their pools.
    const warmUp = await pageLoads(on, 2);
    await pageLoads(off, 2);
    const runs: Record<'on' | 'off', Awaited<ReturnType<typeof pageLoads>>[]> = { on: [], off: [] };
    await alternatingRounds(ROUNDS, ['on', 'off'] as const, async (side) => {
      runs[side].push(await pageLoads(side === 'on' ? on : off, seconds));
    });
    const rate = (side: 'on' | 'off') => median(runs[side].map((run) => run.pageLoads));
    const p95 = (side: 'on' | 'off') => median(runs[side].map((run) => run.p95));
    const failures = [...runs.on, ...runs.off].reduce((sum, run) => sum + run.failures, 0);
    const ratio = rate('on') / rate('off');
    // Let the last batch be written, then check the visits were really recorded (and not in the baseline).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [recorded, baselineRecorded] = [await storedVisits(on), await storedVisits(off)];
    // Every beacon answered was recorded (within the beacons in flight when a round ended).
    const sent = [warmUp, ...runs.on].reduce((sum, run) => sum + run.beacons, 0);
    const noneLost = Math.abs(recorded - sent) <= CONNECTIONS * (ROUNDS + 1);
    console.log(
      `page loads with visits recorded: ${round(rate('on'))}/s (p95 ${p95('on')} ms), without: ${round(rate('off'))}/s (p95 ${p95('off')} ms), ${round(ratio * 100)}%; visits stored ${recorded} of about ${sent} beacons (baseline ${baselineRecorded}), failures ${failures}`,
    );
    return verdict(
      `public event page with visit recording ≥ ${BUDGET * 100}% of without (${CONNECTIONS} connections)`,
      ratio >= BUDGET && failures === 0 && noneLost && baselineRecorded === 0,
      `${round(ratio * 100)}%`,
    );
  } finally {
    await on.target.stop();
    await off.target.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('visits.ts')) {
  process.exitCode = (await benchVisits()) ? 0 : 1;
}
