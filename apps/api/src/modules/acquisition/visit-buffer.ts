import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { acquisitionTouches, trackingLinks } from '@guichet/db/schema/acquisition';
import { events } from '@guichet/db/schema/events';
import { organizations } from '@guichet/db/schema/organizations';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { QueuedVisit, VisitQueue } from '../../context';

/** A queued visit with the id its row will have (made when it came, so rows keep their order). */
type PendingVisit = QueuedVisit & { id: string };

/** Rows beyond which a batch is written at once rather than at the next tick. */
const FULL = 500;
/** Rows kept for another try when the database refused a batch; past that, the oldest are dropped. */
const KEEP_AT_MOST = 20_000;

/**
 * The page visits of this process, written in batches off the request path (decision 037): every
 * `flushMs`, or as soon as `FULL` are waiting, and on close. A checkout started writes the batch first (it
 * is credited from the visitor's earlier visits). A crash loses what was not yet written: at most about
 * `flushMs` of visits.
 */
export class VisitBuffer implements VisitQueue {
  private pending: PendingVisit[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs: number,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is waiting (a graceful shutdown loses no visit). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  add(visit: QueuedVisit): void {
    this.pending.push({ id: uuidv7(), ...visit });
    if (this.pending.length >= FULL) void this.flush();
  }

  /** Writes every visit added before this call; resolves once they are in the database (or given up). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      await insertVisits(this.db, batch);
    } catch (error) {
      // Kept for the next tick (a database restarting), within a bound: visits are counts, not money.
      this.pending = [...batch, ...this.pending].slice(-KEEP_AT_MOST);
      this.log.warn({ err: error, visits: batch.length }, 'visits not written; retried next tick');
    }
  }
}

/**
 * One statement for a batch: each visit joins its published event by the slugs (visits of unknown or
 * unpublished events are left out, as before) and the event's link by its code.
 */
export async function insertVisits(db: Queryable, batch: PendingVisit[]): Promise<void> {
  await db.execute(sql`
    insert into ${acquisitionTouches} (id, organization_id, event_id, visitor_id, kind, source, channel,
      link_id, utm_source, utm_medium, utm_campaign, referrer_host, occurred_at)
    select v.id, e.organization_id, e.id, v."visitorId", 'visit',
      case when l.id is null then v.source else 'link' end,
      coalesce(l.channel, v.channel),
      l.id,
      case when l.id is null then v."utmSource" else l.utm_source end,
      case when l.id is null then v."utmMedium" else l.utm_medium end,
      case when l.id is null then v."utmCampaign" else l.utm_campaign end,
      case when l.id is null then v."referrerHost" end,
      v."occurredAt"
    from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, "orgSlug" text, "eventSlug" text,
      "visitorId" uuid, link text, source text, channel text, "utmSource" text, "utmMedium" text,
      "utmCampaign" text, "referrerHost" text, "occurredAt" timestamptz)
    join ${organizations} o on o.slug = v."orgSlug"
    join ${events} e on e.organization_id = o.id and e.slug = v."eventSlug" and e.status = 'published'
    left join ${trackingLinks} l on l.organization_id = e.organization_id and l.event_id = e.id
      and l.code = v.link`);
}
