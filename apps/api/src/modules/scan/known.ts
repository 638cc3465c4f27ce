import type { Database } from '@guichet/db/client';
import {
  type KnownState,
  type RedeemListRow,
  type RedeemTicketRow,
  ticketsOfEvent,
} from './redeem.repository';

/**
 * What this process last read about the scanners and the tickets at the doors, so that a scan can be judged
 * at once and go straight to its write: one round trip instead of a read and then a write. Nothing here is
 * trusted: the write checks, in its own statement, that the caller's permissions, the lists' versions and
 * the ticket are still exactly what the verdict was made from, and writes nothing otherwise; the scan then
 * takes the full path (read, verdict, write) and what it read replaces what was known. So a refund, a
 * changed list or a removed permission counts from the next scan on, as it did with a read per scan.
 *
 * A scanner's scope (its membership and lists) is known from its first scan. A ticket is known once read,
 * and the first full scan of an event loads all the event's tickets in the background, because at the
 * doors every ticket is scanned for the first time: without it, nearly every scan would read.
 */
export interface Known {
  scope: KnownScope;
  ticket: RedeemTicketRow;
  /** The secret the ticket is known by. */
  secret: string;
}

export interface KnownScope {
  permissions: readonly string[];
  lists: RedeemListRow[];
}

// Bounds on memory: a known ticket takes about 1.7 KB of heap (170 MB at the bound). Past the bound, the
// tickets known longest are forgotten (a tenth at a time) and scans of them read again; an event is loaded
// once per process, so two large events scanned at once never take turns evicting each other with whole
// loads.
const LIMITS = { tickets: 100_000, scopes: 10_000, events: 10_000 };
const RETRY_LOAD_MS = 60_000;

export class KnownScans {
  private readonly scopes = new Map<string, KnownScope>();
  private readonly tickets = new Map<string, RedeemTicketRow>();
  /** Events whose tickets are loaded or loading, with when a failed load may be tried again. */
  private readonly events = new Map<string, number>();
  private readonly loading = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly limits = LIMITS,
  ) {}

  lookup(staffId: string, organizationId: string, listIds: readonly string[], secret: string): Known | null {
    const scope = this.scopes.get(scopeKey(staffId, organizationId, listIds));
    const ticket = scope && this.tickets.get(ticketKey(organizationId, secret));
    return scope && ticket ? { scope, ticket, secret } : null;
  }

  /** What a full scan read, once its scope passed every check (so a refused scope is read every time). */
  remember(
    staffId: string,
    organizationId: string,
    listIds: readonly string[],
    scope: KnownScope,
    ticket: { secret: string; row: RedeemTicketRow } | null,
  ) {
    if (this.scopes.size >= this.limits.scopes) this.scopes.clear();
    this.scopes.set(scopeKey(staffId, organizationId, listIds), scope);
    if (ticket) this.addTicket(organizationId, ticket.secret, ticket.row);
    const eventId = scope.lists[0]?.eventId;
    if (eventId) this.loadEvent(organizationId, eventId);
  }

  /** After a write found what was known out of date: the scan's next read brings the truth. */
  forget(staffId: string, organizationId: string, listIds: readonly string[], secret: string) {
    this.scopes.delete(scopeKey(staffId, organizationId, listIds));
    this.tickets.delete(ticketKey(organizationId, secret));
  }

  /** Ends once no load is running (a closing app must not query a closed database). */
  async settled(): Promise<void> {
    while (this.loading.size > 0) await Promise.allSettled([...this.loading]);
  }

  private addTicket(organizationId: string, secret: string, row: RedeemTicketRow) {
    const key = ticketKey(organizationId, secret);
    this.tickets.delete(key);
    if (this.tickets.size >= this.limits.tickets) {
      // A Map iterates in insertion order: the first are the oldest.
      let evict = Math.ceil(this.limits.tickets / 10);
      for (const old of this.tickets.keys()) {
        if (evict-- <= 0) break;
        this.tickets.delete(old);
      }
    }
    this.tickets.set(key, row);
  }

  private loadEvent(organizationId: string, eventId: string) {
    const key = `${organizationId}:${eventId}`;
    const retryAt = this.events.get(key);
    if (retryAt !== undefined && retryAt > Date.now()) return;
    if (this.events.size >= this.limits.events) this.events.clear();
    this.events.set(key, Number.POSITIVE_INFINITY);
    const load = ticketsOfEvent(this.db, organizationId, eventId, this.limits.tickets)
      .then((rows) => {
        for (const { secret, ...row } of rows) {
          // A ticket a scan read meanwhile is at least as recent: keep it.
          if (!this.tickets.has(ticketKey(organizationId, secret)))
            this.addTicket(organizationId, secret, row);
        }
      })
      .catch(() => {
        // Scans keep reading their tickets; the load is tried again later.
        this.events.set(key, Date.now() + RETRY_LOAD_MS);
      })
      .finally(() => this.loading.delete(load));
    this.loading.add(load);
  }
}

/** The known state a write checks: see `KnownState` in ./redeem.repository.ts. */
export function knownState(known: Known, sessionGeneration: number): KnownState {
  return {
    secret: known.secret,
    sessionGeneration,
    permissions: known.scope.permissions,
    lists: known.scope.lists.map((list) => ({ id: list.id, version: list.version })),
    ticket: known.ticket,
  };
}

const scopeKey = (staffId: string, organizationId: string, listIds: readonly string[]) =>
  `${staffId}:${organizationId}:${listIds.join(',')}`;
const ticketKey = (organizationId: string, secret: string) => `${organizationId}:${secret}`;
