// Budget: GET /api/health p99 < 100 ms while ten buyers download a 60-ticket PDF at once, again and again.
// PDF rendering runs in worker threads (apps/api/src/modules/delivery/ticket-pdf-pool.ts); on the event
// loop, one such document stalled every request for about 0.7 s.
import { round, startTarget, timedClients, verdict } from './lib';

const TICKETS = 60;
const DOWNLOADERS = 10;

async function call(
  base: string,
  token: string,
  organizationId: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-organization-id': organizationId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A published event with a free ticket type, and one paid (free) order of 60 tickets: its code. */
async function sixtyTicketOrder(base: string, token: string): Promise<string> {
  const organization = await call(base, token, '', 'POST', '/api/organizations', { name: 'PDF Bench' });
  const organizationId = String(organization.id);
  const startsAt = new Date(Date.now() + 7 * 24 * 3600_000);
  const event = await call(base, token, organizationId, 'POST', '/api/events', {
    name: 'A concert with a long name to fill the page',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3 * 3600_000).toISOString(),
    timeZone: 'Europe/Paris',
    locationType: 'venue',
    venueName: 'Salle des fêtes',
    venueAddress: '1 rue de la Paix, 75002 Paris',
  });
  const withType = await call(base, token, organizationId, 'POST', `/api/events/${event.id}/ticket-types`, {
    name: 'Entry',
    priceMinor: 0,
    capacity: 1000,
    maxPerOrder: 100,
  });
  await call(base, token, organizationId, 'POST', `/api/events/${event.id}/publish`);
  const ticketTypeId = (withType.ticketTypes as { id: string }[])[0]?.id;
  const organizationSlug = String(organization.slug);
  const order = await call(
    base,
    token,
    organizationId,
    'POST',
    `/api/public/events/${organizationSlug}/${event.slug}/orders`,
    {
      buyer: { name: 'Bench Buyer', email: 'bench-buyer@example.com' },
      lines: [{ ticketTypeId, quantity: TICKETS }],
      paymentMethod: 'free',
    },
  );
  return String(order.code);
}

export async function benchPdfLoad(seconds = 15): Promise<boolean> {
  const target = await startTarget('guichet.ts');
  const base = `http://127.0.0.1:${target.port}`;
  try {
    const code = await sixtyTicketOrder(base, String(target.extra.accessToken));
    const pdfUrl = `${base}/api/public/orders/${code}/tickets.pdf`;
    // One download first: the worker threads start, and the document is checked.
    const first = await fetch(pdfUrl);
    const size = (await first.arrayBuffer()).byteLength;
    if (first.status !== 200) throw new Error(`PDF download answered ${first.status}`);

    let downloads = 0;
    const deadline = Date.now() + seconds * 1000;
    const downloading = Promise.all(
      Array.from({ length: DOWNLOADERS }, async () => {
        while (Date.now() < deadline) {
          const response = await fetch(pdfUrl);
          await response.arrayBuffer();
          if (response.status === 200) downloads += 1;
        }
      }),
    );
    // One prober, a request every 50 ms, like a load balancer's health checks and a user's clicks.
    const health = await timedClients(
      1,
      seconds - 1,
      async () => {
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
      },
      { everyMs: 50 },
    );
    await downloading;
    console.log(
      `pdf: ${TICKETS} tickets, ${round(size / 1024, 0)} KB, ${downloads} downloads in ${seconds} s by ${DOWNLOADERS} clients; /api/health p50 ${round(health.p50)} ms, p99 ${round(health.p99)} ms`,
    );
    return verdict(
      `GET /api/health p99 < 100 ms during ${DOWNLOADERS} simultaneous ${TICKETS}-ticket PDF downloads`,
      health.p99 < 100,
      `${round(health.p99)} ms`,
    );
  } finally {
    await target.stop();
  }
}

if (process.argv[1]?.endsWith('pdf-load.ts')) {
  process.exitCode = (await benchPdfLoad()) ? 0 : 1;
}
