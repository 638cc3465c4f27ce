import type { Database } from '@guichet/db/client';
import type { Headcount } from '@guichet/shared/scan';
import { figuresTopic, type LiveBus } from '../../live/live-bus';
import * as repository from './headcount.repository';

/**
 * The live headcount: counted from the presence rows (one per ticket and list), so it is always what
 * the guarded writes left. Watchers of an event are served by a hub in each API process: a scan through
 * this process recounts at once and publishes the event's topic on the live bus (live/live-bus.ts), so
 * the hubs of the other processes recount within a few tens of milliseconds; a slow poll
 * (HEADCOUNT_POLL_MS) remains as the safety net. The redeem path stays free of NOTIFY: the bus publishes
 * after the scan's commit, once per event per burst.
 */

export async function countHeadcount(
  db: Database,
  organizationId: string,
  eventId: string,
): Promise<Headcount> {
  const [counts, lists, types, extra] = await Promise.all([
    repository.presenceCounts(db, organizationId, eventId),
    repository.eventLists(db, organizationId, eventId),
    repository.eventTicketTypes(db, organizationId, eventId),
    repository.expectedAndConflicts(db, organizationId, eventId),
  ]);
  const total = counts.find((row) => row.listId === null && row.ticketTypeId === null);
  const byList = new Map(counts.filter((row) => row.listId).map((row) => [row.listId, row]));
  const byType = new Map(counts.filter((row) => row.ticketTypeId).map((row) => [row.ticketTypeId, row]));
  return {
    eventId,
    checkedIn: total?.checkedIn ?? 0,
    insideNow: total?.insideNow ?? 0,
    expected: extra?.expected ?? 0,
    lists: lists.map((list) => {
      const row = byList.get(list.id);
      const insideNow = row?.insideNow ?? 0;
      return {
        listId: list.id,
        name: list.name,
        checkedIn: row?.checkedIn ?? 0,
        insideNow,
        capacityAlert: list.capacityAlert,
        alert: list.capacityAlert !== null && insideNow >= list.capacityAlert,
      };
    }),
    ticketTypes: types.map((type) => ({
      ticketTypeId: type.id,
      name: type.name,
      checkedIn: byType.get(type.id)?.checkedIn ?? 0,
      insideNow: byType.get(type.id)?.insideNow ?? 0,
    })),
    openConflicts: extra?.openConflicts ?? 0,
    at: new Date().toISOString(),
  };
}

type Listener = (headcount: Headcount) => void;

/** The counts without the time they were taken: equal signatures mean nothing changed. */
function signatureOf(headcount: Headcount): string {
  const { at: _at, ...counts } = headcount;
  return JSON.stringify(counts);
}

interface Watched {
  organizationId: string;
  eventId: string;
  listeners: Set<Listener>;
  /** The last counts sent, without their time, to send only changes. */
  last: string;
  counting: boolean;
  again: boolean;
  soon: NodeJS.Timeout | null;
  /** Stops hearing of the event's changes in other processes. */
  unsubscribe: () => void;
}

const key = (organizationId: string, eventId: string) => `${organizationId}:${eventId}`;
/** The live bus's topic of an event's headcount. */
export const headcountTopic = (organizationId: string, eventId: string) =>
  `headcount:${organizationId}:${eventId}`;

export class HeadcountHub {
  private readonly watched = new Map<string, Watched>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly pollMs: number,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly live: LiveBus | null = null,
  ) {}

  /** Calls `listener` with the current counts at once, then with every change; returns the unsubscribe. */
  watch(organizationId: string, eventId: string, listener: Listener): () => void {
    const id = key(organizationId, eventId);
    let entry = this.watched.get(id);
    if (!entry) {
      entry = {
        organizationId,
        eventId,
        listeners: new Set(),
        last: '',
        counting: false,
        again: false,
        soon: null,
        unsubscribe: () => {},
      };
      const watched = entry;
      entry.unsubscribe =
        this.live?.subscribe(headcountTopic(organizationId, eventId), () => this.recountSoon(watched)) ??
        (() => {});
      this.watched.set(id, entry);
    }
    entry.listeners.add(listener);
    void countHeadcount(this.db, organizationId, eventId).then(
      (headcount) => {
        if (!entry.listeners.has(listener)) return;
        // The first watcher's counts are the baseline the poll compares with (no duplicate message).
        if (entry.last === '') entry.last = signatureOf(headcount);
        listener(headcount);
      },
      (error: unknown) => this.onError(error),
    );
    this.startPolling();
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size > 0) return;
      if (entry.soon) clearTimeout(entry.soon);
      entry.unsubscribe();
      this.watched.delete(id);
      if (this.watched.size === 0) this.stopPolling();
    };
  }

  /**
   * A scan through this process changed the event: tell the other processes, and recount here soon (a
   * burst of scans is counted once).
   */
  changed(organizationId: string, eventId: string): void {
    this.live?.publish(headcountTopic(organizationId, eventId));
    // Check-ins are among the organisation's figures too (the dashboard's).
    this.live?.publish(figuresTopic(organizationId));
    const entry = this.watched.get(key(organizationId, eventId));
    if (entry) this.recountSoon(entry);
  }

  private recountSoon(entry: Watched): void {
    if (entry.soon) return;
    entry.soon = setTimeout(() => {
      entry.soon = null;
      void this.recount(entry);
    }, 100);
  }

  close(): void {
    this.stopPolling();
    for (const entry of this.watched.values()) {
      if (entry.soon) clearTimeout(entry.soon);
      entry.unsubscribe();
    }
    this.watched.clear();
  }

  private startPolling() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      for (const entry of this.watched.values()) void this.recount(entry);
    }, this.pollMs);
    this.timer.unref();
  }

  private stopPolling() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async recount(entry: Watched): Promise<void> {
    // One count at a time per event; a change meanwhile asks for one more.
    if (entry.counting) {
      entry.again = true;
      return;
    }
    entry.counting = true;
    try {
      do {
        entry.again = false;
        const headcount = await countHeadcount(this.db, entry.organizationId, entry.eventId);
        const signature = signatureOf(headcount);
        if (signature !== entry.last) {
          entry.last = signature;
          for (const listener of entry.listeners) listener(headcount);
        }
      } while (entry.again);
    } catch (error) {
      this.onError(error);
    } finally {
      entry.counting = false;
    }
  }
}
