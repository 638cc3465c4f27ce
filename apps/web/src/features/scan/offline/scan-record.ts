import type { OfflineSnapshot, RefusalReason, ScanDirection } from '@guichet/shared/scan';

/**
 * One scan as this device remembers it: what was shown at the door, and, for scans decided offline, whether
 * the server has them yet. Kept in IndexedDB; the queue is the offline scans not yet synced.
 */
export interface ScanRecord {
  /** The scan's nonce: the same scan sent twice (a retry, a sync after a lost answer) is recorded once. */
  nonce: string;
  organizationId: string;
  eventId: string;
  /** The scanned secret; null for a check-in by hand (attendee search), which is online only. */
  secret: string | null;
  ticketId: string | null;
  listIds: string[];
  direction: ScanDirection;
  /** Device clock, ISO. */
  scannedAt: string;
  /** Who decided: the server (online) or this device from its snapshot (offline). */
  decidedBy: 'server' | 'device';
  result: 'ok' | 'refused';
  reason: RefusalReason | null;
  /** The list that judged the ticket. */
  listId: string | null;
  listName: string | null;
  attendeeName: string | null;
  ticketTypeName: string | null;
  alreadyUsed: { at: string; listName: string } | null;
  /** Offline scans: false until the server has recorded them. Online scans are born synced. */
  synced: boolean;
  /** When the server recorded it (its clock): the online answer's time, or the sync's. */
  serverAt: string | null;
  /** After sync: the server's own verdict, and the conflicts the scan raised (two admissions the rules forbid). */
  serverResult: 'ok' | 'refused' | null;
  conflictIds: string[];
  /** Out of the queue unsent: its list was deleted while the device was offline (the server knows it no more). */
  setAside?: boolean;
}

/** The gate's setup: which event and lists it checks, in which direction. */
export interface GateSetup {
  organizationId: string;
  eventId: string;
  listIds: string[];
}

/** The stored snapshot of a gate's lists, keyed by organisation and lists. */
export interface StoredSnapshot {
  key: string;
  snapshot: OfflineSnapshot;
  /** Device clock when it arrived. */
  savedAt: string;
}

export function snapshotKey(setup: Pick<GateSetup, 'organizationId' | 'listIds'>): string {
  return `${setup.organizationId}:${[...setup.listIds].sort().join(',')}`;
}

/** Where scans and snapshots are kept: IndexedDB in the browser, memory in tests. */
export interface ScanStore {
  getSnapshot(key: string): Promise<StoredSnapshot | undefined>;
  putSnapshot(value: StoredSnapshot): Promise<void>;
  putScans(records: readonly ScanRecord[]): Promise<void>;
  /** Scans of one event, newest first. */
  scansOfEvent(organizationId: string, eventId: string): Promise<ScanRecord[]>;
  /** Offline scans not yet synced, of every organisation. */
  pendingScans(): Promise<ScanRecord[]>;
}
