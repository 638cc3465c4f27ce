import type { ScanRecord, ScanStore, StoredSnapshot } from './scan-record';

/**
 * The scanner's IndexedDB: snapshots (keyed by organisation and lists) and every scan of this device (keyed
 * by nonce, indexed by event and by "not yet synced"). It survives reloads, closing the tab and a phone
 * restart, which a door scanner that went offline for an hour needs.
 */
const DB_NAME = 'guichet-scanner';
const VERSION = 1;
const SNAPSHOTS = 'snapshots';
const SCANS = 'scans';
const BY_EVENT = 'by-event';
const BY_PENDING = 'by-pending';

/** IndexedDB cannot index booleans: the pending index holds 1 for offline scans not yet synced. */
type StoredScan = ScanRecord & { pending: 0 | 1 };

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(SNAPSHOTS, { keyPath: 'key' });
      const scans = db.createObjectStore(SCANS, { keyPath: 'nonce' });
      scans.createIndex(BY_EVENT, ['organizationId', 'eventId']);
      scans.createIndex(BY_PENDING, 'pending');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () =>
      reject(new Error('The scanner database is held by an older version of the page'));
  });
}

function strip({ pending: _pending, ...record }: StoredScan): ScanRecord {
  return record;
}

export function createIdbStore(): ScanStore {
  let database: Promise<IDBDatabase> | null = null;
  const db = () => {
    database ??= open().catch((error: unknown) => {
      database = null;
      throw error;
    });
    return database;
  };

  return {
    async getSnapshot(key) {
      const store = (await db()).transaction(SNAPSHOTS, 'readonly').objectStore(SNAPSHOTS);
      return (await promised(store.get(key))) as StoredSnapshot | undefined;
    },
    async putSnapshot(value) {
      const transaction = (await db()).transaction(SNAPSHOTS, 'readwrite');
      transaction.objectStore(SNAPSHOTS).put(value);
      await done(transaction);
    },
    async putScans(records) {
      const transaction = (await db()).transaction(SCANS, 'readwrite');
      const store = transaction.objectStore(SCANS);
      for (const record of records) {
        const stored: StoredScan = { ...record, pending: record.synced ? 0 : 1 };
        store.put(stored);
      }
      await done(transaction);
    },
    async scansOfEvent(organizationId, eventId) {
      const index = (await db()).transaction(SCANS, 'readonly').objectStore(SCANS).index(BY_EVENT);
      const found = (await promised(index.getAll([organizationId, eventId]))) as StoredScan[];
      return found.map(strip).sort((a, b) => Date.parse(b.scannedAt) - Date.parse(a.scannedAt));
    },
    async pendingScans() {
      const index = (await db()).transaction(SCANS, 'readonly').objectStore(SCANS).index(BY_PENDING);
      return ((await promised(index.getAll(1))) as StoredScan[]).map(strip);
    },
  };
}
