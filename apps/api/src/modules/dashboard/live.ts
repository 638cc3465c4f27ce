import type { Queryable } from '@guichet/db/client';
import { changeSignature } from './figures.repository';

/**
 * Tells live dashboards that their organisation's figures changed. Orders, refunds and scans may go through
 * any API process, so each process polls one cheap signature per watched organisation (the ledger's newest
 * row, paid orders, the newest admission) and calls the organisation's listeners when it moves. Listeners
 * then read the figures again. This is the one place to swap for LISTEN/NOTIFY when a notify module exists:
 * the routes only know `watch`.
 */

export type ChangeListener = () => void;

export interface DashboardChanges {
  watch(organizationId: string, listener: ChangeListener): () => void;
  close(): void;
}

interface Watched {
  listeners: Set<ChangeListener>;
  last: string | null;
}

export class PollingDashboardChanges implements DashboardChanges {
  private readonly watched = new Map<string, Watched>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(
    private readonly db: Queryable,
    private readonly pollMs: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  watch(organizationId: string, listener: ChangeListener): () => void {
    let entry = this.watched.get(organizationId);
    if (!entry) {
      entry = { listeners: new Set(), last: null };
      this.watched.set(organizationId, entry);
      const fresh = entry;
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
      this.watched.delete(organizationId);
      if (this.watched.size === 0) this.stop();
    };
  }

  close(): void {
    this.stop();
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
