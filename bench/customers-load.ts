// Budgets of the customers area under volume (issue 14), on the embedded database by default, PostgreSQL
// with BENCH_DATABASE_URL:
// - the API process's resident memory (VmRSS from /proc/<pid>/status, sampled every 100 ms) stays under
//   400 MB during a 50,000-row CSV import through the real endpoint, and during a 20,000-recipient mailing;
// - during that mailing, a buyer's tickets e-mail reaches the SMTP server within 5 s of the order.
// Everything listens on 127.0.0.1: the API in its own process as `npm start` runs it (the build, the start
// script's flags) with its jobs running, an `smtp-server` here that accepts every message. Every wait is
// bounded.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startBuiltApi } from './built-api';
import { cpuMs, round, verdict } from './lib';

const IMPORT_ROWS = 50_000;
const RECIPIENTS = 20_000;
const RSS_BUDGET_MB = 400;
const TICKETS_MAIL_BUDGET_MS = 5_000;
const runId = Date.now().toString(36);

/** The SMTP server: counts what it accepts, and when each watched address first received a message. */
async function smtpServer() {
  const arrivals = new Map<string, number>();
  const state = { accepted: 0, watched: new Set<string>(), arrivals };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Loopback only: no reverse DNS of the client, which would time each connection on the resolver.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        state.accepted += 1;
        for (const rcpt of session.envelope.rcptTo) {
          const address = rcpt.address.toLowerCase();
          if (state.watched.has(address) && !arrivals.has(address)) arrivals.set(address, Date.now());
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Samples a process's resident memory every 100 ms; `stop` answers the first, the peak and the last, in MB. */
function rssWatch(pid: number) {
  const read = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  };
  const first = read();
  let peak = first;
  let last = peak;
  const timer = setInterval(() => {
    last = read();
    peak = Math.max(peak, last);
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return { first: round(first), peak: round(peak), last: round(last) };
    },
  };
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const smtp = await smtpServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-bench-customers-'));
// The API as `npm start` runs it (its build and flags), with its jobs and the place-search index built
// at start; its data folder is the bench's (the embedded database's files in its db/).
const guichet = await startBuiltApi({
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  MAILING_RATE_PER_MINUTE: '100000',
  // The bench polls and signs in from one address.
  AUTH_RATE_LIMIT_PER_IP: '100000000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
  PUBLIC_ORDER_RATE_LIMIT_PER_MINUTE: '100000000',
});
const pid = guichet.child.pid;
if (!pid) throw new Error('the API has no pid');
const results: boolean[] = [];
try {
  const base = `http://127.0.0.1:${guichet.port}/api`;
  const accessToken = guichet.extra.accessToken as string;
  const staff = (organizationId?: string, type: string | null = 'application/json') => ({
    authorization: `Bearer ${accessToken}`,
    ...(type ? { 'content-type': type } : {}),
    ...(organizationId ? { 'x-organization-id': organizationId } : {}),
  });
  const organization = await json<{ id: string; slug: string }>(
    await fetch(`${base}/organizations`, {
      method: 'POST',
      headers: staff(),
      body: JSON.stringify({ name: `Customers ${runId}` }),
    }),
  );
  const call = async <T>(method: string, url: string, body?: unknown, type = 'application/json') =>
    json<T>(
      await fetch(`${base}${url}`, {
        method,
        headers: staff(organization.id, body === undefined ? null : type),
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );

  /** Uploads a CSV through the real endpoint and waits for the job to end (bounded). */
  const importCsv = async (csv: string, query: string) => {
    const started = await call<{ id: string }>('POST', `/customer-imports?${query}`, csv, 'text/csv');
    return until('the import', 600_000, async () => {
      const state = await call<{ status: string; rows: number; created: number; failureReason: string }>(
        'GET',
        `/customer-imports/${started.id}`,
      );
      return state.status === 'running' ? undefined : state;
    });
  };
  const person = (index: number) => `person-${runId}-${index}@example.com`;

  // 1. The 50,000-row import, every row a new customer.
  const lines = ['E-mail,Name,Phone,Tags'];
  for (let index = 0; index < IMPORT_ROWS; index++) {
    lines.push(
      `${person(index)},Person ${index},+33 6 12 34 ${String(index % 100).padStart(2, '0')} 00,bench`,
    );
  }
  const importRss = rssWatch(pid);
  const importStart = Date.now();
  const importCpu = cpuMs(pid) ?? 0;
  const imported = await importCsv(lines.join('\n'), 'email=0&name=1&phone=2&tags=3');
  const importSeconds = (Date.now() - importStart) / 1000;
  const importPeak = importRss.stop();
  // CPU time says what the work costs the API whatever else the machine runs; elapsed time does not.
  console.log(
    `import of ${IMPORT_ROWS} rows: ${imported.status}, ${imported.created} created in ${round(importSeconds)} s (API CPU ${round(((cpuMs(pid) ?? 0) - importCpu) / 1000)} s); API RSS ${importPeak.first} MB before, peak ${importPeak.peak} MB, ${importPeak.last} MB after`,
  );
  results.push(
    verdict(
      `API RSS during a ${IMPORT_ROWS}-row import`,
      imported.status === 'done' && importPeak.peak < RSS_BUDGET_MB,
      `peak ${importPeak.peak} MB < ${RSS_BUDGET_MB} MB`,
    ),
  );

  // 2. Seeding the mailing: 20,000 of them consent, into a member list (a second import, not measured).
  const list = await call<{ id: string }>('POST', '/member-lists', { name: `Newsletter ${runId}` });
  const consenting = ['E-mail,Name,Newsletter'];
  for (let index = 0; index < RECIPIENTS; index++) consenting.push(`${person(index)},Person ${index},yes`);
  const seeded = await importCsv(
    consenting.join('\n'),
    `email=0&name=1&consent=2&consentSource=${encodeURIComponent('Bench sign-up sheet')}&listId=${list.id}`,
  );
  if (seeded.status !== 'done') throw new Error(`the seeding import ended ${seeded.status}`);

  // A published event with free tickets, for the buyer who orders during the mailing.
  const start = Date.now() + 7 * 24 * 3600_000;
  const event = await call<{ id: string; slug: string }>('POST', '/events', {
    name: 'Concert during the newsletter',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3 * 3600_000).toISOString(),
    timeZone: 'Europe/Paris',
    locationType: 'online',
    onlineUrl: 'https://example.org/live',
  });
  const detail = await call<{ ticketTypes: { id: string }[] }>('POST', `/events/${event.id}/ticket-types`, {
    name: 'Free entry',
    priceMinor: 0,
    capacity: 100,
    maxPerOrder: 4,
  });
  const ticketTypeId = detail.ticketTypes[0]?.id;
  if (!ticketTypeId) throw new Error('no ticket type');
  await json(
    await fetch(`${base}/events/${event.id}/publish`, {
      method: 'POST',
      headers: staff(organization.id, null),
    }),
  );

  // 3. The mailing, and a buyer's order once it is well under way.
  const mailing = await call<{ id: string }>('POST', '/mailings', {
    kind: 'marketing',
    audience: { kind: 'list', listId: list.id },
    subject: 'Our spring season',
    bodyHtml: '<p>Our spring season opens on 4 April: twelve concerts, three festivals.</p>',
  });
  const mailingRss = rssWatch(pid);
  const acceptedBefore = smtp.state.accepted;
  const mailingStart = Date.now();
  const mailingCpu = cpuMs(pid) ?? 0;
  await call('POST', `/mailings/${mailing.id}/send`);
  await until('the mailing to start delivering', 120_000, async () =>
    smtp.state.accepted - acceptedBefore >= 1_000 ? true : undefined,
  );
  const buyer = `buyer-${runId}@example.com`;
  smtp.state.watched.add(buyer);
  const orderedAt = Date.now();
  const order = await fetch(`${base}/public/events/${organization.slug}/${event.slug}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      buyer: { name: 'Bea Buyer', email: buyer },
      lines: [{ ticketTypeId, quantity: 2 }],
      paymentMethod: 'free',
    }),
  });
  if (!order.ok) throw new Error(`order refused: ${order.status} ${await order.text()}`);
  const arrived = await until('the tickets e-mail', 60_000, async () => smtp.state.arrivals.get(buyer));
  const ticketsMs = arrived - orderedAt;
  const sentDuringOrder = smtp.state.accepted - acceptedBefore;
  console.log(`tickets e-mail in ${ticketsMs} ms; waiting for the mailing to finish`);
  const finished = await until('the mailing to finish', 900_000, async () => {
    const state = await call<{ status: string; progress: { sent: number; total: number } }>(
      'GET',
      `/mailings/${mailing.id}`,
    );
    return state.status === 'sending' ? undefined : state;
  });
  const mailingSeconds = (Date.now() - mailingStart) / 1000;
  const mailingCpuMs = (cpuMs(pid) ?? 0) - mailingCpu;
  const mailingPeak = mailingRss.stop();
  console.log(
    `mailing to ${RECIPIENTS} consenting customers: ${finished.status}, ${finished.progress.sent} of ${finished.progress.total} sent in ${round(mailingSeconds)} s (${round(finished.progress.sent / mailingSeconds, 0)}/s; API CPU ${round(mailingCpuMs / finished.progress.sent, 2)} ms a recipient); API RSS ${mailingPeak.first} MB before, peak ${mailingPeak.peak} MB, ${mailingPeak.last} MB after`,
  );
  console.log(
    `order placed after ${sentDuringOrder} mailing messages; its tickets e-mail arrived in ${ticketsMs} ms`,
  );
  results.push(
    verdict(
      `API RSS during a ${RECIPIENTS}-recipient mailing`,
      finished.status === 'sent' && finished.progress.sent === RECIPIENTS && mailingPeak.peak < RSS_BUDGET_MB,
      `peak ${mailingPeak.peak} MB < ${RSS_BUDGET_MB} MB`,
    ),
  );
  results.push(
    verdict(
      'tickets e-mail during the mailing',
      ticketsMs <= TICKETS_MAIL_BUDGET_MS,
      `${ticketsMs} ms ≤ ${TICKETS_MAIL_BUDGET_MS} ms`,
    ),
  );
} finally {
  await guichet.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = results.every(Boolean) ? 0 : 1;
