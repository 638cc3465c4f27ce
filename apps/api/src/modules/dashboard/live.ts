import type { Queryable } from '@guichet/db/client';
import { figuresTopic, type LiveBus } from '../../live/live-bus';
import { changeSignature } from './figures.repository';

/**
 * Tells live dashboards that their organisation's figures changed. Orders, payments, refunds and scans may
 * go through any API process: each publishes the organisation's figures topic on the live bus after its
 * commit (live/live-bus.ts, LISTEN/NOTIFY on PostgreSQL), and every process serving a dashboard of that
 * organisation hears it within tens of milliseconds. A slow poll of one cheap signature (the ledger's row
 * count and the database's counters of paid orders, scans and undone scans; DASHBOARD_POLL_MS) is the
 * safety net for a change no writer published (a processor fee read later, a refund failing in a job) and
 * for a lost listening connection.
 * The routes only know `watch`.
 */

export type ChangeListener = () => void;

export interface DashboardChanges {
  watch(organizationId: string, listener: ChangeListener): () => void;
  close(): void;
}

interface Watched {
  listeners: Set<ChangeListener>;
  last: string | null;
  /** Stops hearing of the organisation's changes on the live bus. */
  unsubscribe: () => void;
}

export class LiveDashboardChanges implements DashboardChanges {
  private readonly watched = new Map<string, Watched>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(
    private readonly db: Queryable,
    private readonly pollMs: number,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly live: LiveBus | null = null,
  ) {}

  watch(organizationId: string, listener: ChangeListener): () => void {
    let entry = this.watched.get(organizationId);
    if (!entry) {
      const fresh: Watched = { listeners: new Set(), last: null, unsubscribe: () => {} };
      fresh.unsubscribe =
        this.live?.subscribe(figuresTopic(organizationId), () => {
          for (const listener of fresh.listeners) listener();
        }) ?? (() => {});
      entry = fresh;
      this.watched.set(organizationId, entry);
      void changeSignature(this.db, organizationId).then(
        (signature) => {
          if (fresh.last === null) fresh.last = signature;
        },
        (error: unknown) => this.onError(error),
      );
    }
    entry.listeners.add(listener);
    if (!this.timer) this.timer = setInterval(() => void this.poll(), this.pollMs);
    const watched = entry;
    return () => {
      watched.listeners.delete(listener);
      if (watched.listeners.size > 0) return;
      watched.unsubscribe();
      this.watched.delete(organizationId);
      if (this.watched.size === 0) this.stop();
    };
  }

  close(): void {
    this.stop();
    for (const entry of this.watched.values()) entry.unsubscribe();
    this.watched.clear();
  }

  private stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll() {
    // A slow database must not pile polls up.
    if (this.polling) return;
    this.polling = true;
    try {
      await Promise.all(
        [...this.watched].map(async ([organizationId, entry]) => {
          const signature = await changeSignature(this.db, organizationId);
          const changed = entry.last !== null && entry.last !== signature;
          entry.last = signature;
          if (changed) for (const listener of entry.listeners) listener();
        }),
      );
    } catch (error) {
      this.onError(error);
    } finally {
      this.polling = false;
    }
  }
}
