import type { MAX_SYNC_BATCH, OfflineScan, SyncRequest, SyncResponse } from '@guichet/shared/scan';
import { isApiError } from '../../../lib/api-error';
import type { ScanRecord, ScanStore } from './scan-record';

/**
 * The queue of scans decided offline, and its sync: oldest first, per organisation (the request is
 * organisation-scoped), at most `SYNC_BATCH_SIZE` per request. A scan leaves the queue only when the server
 * answered for its nonce; a batch whose answer is lost is sent again and the server, seeing the nonces
 * again, records nothing twice.
 */

/**
 * The contract's batch limit. Importing its value would bring the contract's zod schemas (24 KB) into the
 * scanner; the type keeps the two equal (a change of the limit there fails the type check here).
 */
export const SYNC_BATCH_SIZE: typeof MAX_SYNC_BATCH = 500;

export interface SyncBatch {
  organizationId: string;
  records: ScanRecord[];
}

export function syncBatches(pending: readonly ScanRecord[], max: number = SYNC_BATCH_SIZE): SyncBatch[] {
  const byOrganization = new Map<string, ScanRecord[]>();
  for (const record of pending) {
    if (record.synced || record.secret === null) continue;
    const list = byOrganization.get(record.organizationId) ?? [];
    list.push(record);
    byOrganization.set(record.organizationId, list);
  }
  const batches: SyncBatch[] = [];
  for (const [organizationId, records] of byOrganization) {
    records.sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
    for (let start = 0; start < records.length; start += max) {
      batches.push({ organizationId, records: records.slice(start, start + max) });
    }
  }
  return batches;
}

export function syncRequestOf(deviceId: string, records: readonly ScanRecord[]): SyncRequest {
  const scans: OfflineScan[] = records.map((record) => ({
    nonce: record.nonce,
    secret: record.secret as string,
    listIds: record.listIds,
    direction: record.direction,
    scannedAt: record.scannedAt,
    decision: { result: record.result, reason: record.reason },
  }));
  return { deviceId, scans };
}

/** The records the answer covers, marked synced with the server's verdict; the others stay queued. */
export function applySyncResults(records: readonly ScanRecord[], response: SyncResponse): ScanRecord[] {
  const results = new Map(response.results.map((result) => [result.nonce, result]));
  const updated: ScanRecord[] = [];
  for (const record of records) {
    const result = results.get(record.nonce);
    if (!result) continue;
    updated.push({
      ...record,
      synced: true,
      serverAt: response.syncedAt,
      serverResult: result.verdict.result,
      conflictIds: result.conflictIds,
    });
  }
  return updated;
}

/** The lists a sync's 404 names as unknown (deleted while the device was offline), or null. */
export function unknownListsOf(error: unknown): string[] | null {
  if (!isApiError(error) || error.status !== 404) return null;
  const listIds = (error.details as { listIds?: unknown } | undefined)?.listIds;
  return Array.isArray(listIds) && listIds.every((id) => typeof id === 'string') ? listIds : null;
}

export interface SyncerDeps {
  store: ScanStore;
  deviceId: string;
  send(organizationId: string, request: SyncRequest): Promise<SyncResponse>;
  /** After each batch, so the queue size on screen follows. */
  onProgress?(): void;
}

export interface SyncOutcome {
  synced: number;
  remaining: number;
  error: unknown;
}

export function createSyncer(deps: SyncerDeps) {
  let running: Promise<SyncOutcome> | null = null;

  async function run(): Promise<SyncOutcome> {
    let synced = 0;
    const batches = syncBatches(await deps.store.pendingScans());
    for (let index = 0; index < batches.length; index++) {
      const batch = batches[index] as SyncBatch;
      try {
        const response = await deps.send(batch.organizationId, syncRequestOf(deps.deviceId, batch.records));
        const updated = applySyncResults(batch.records, response);
        await deps.store.putScans(updated);
        synced += updated.length;
        deps.onProgress?.();
      } catch (error) {
        // Scans of a deleted list can never be recorded: they leave the queue, marked, and the rest of the
        // batch is sent again at once. Anything else stops the sync until the next try.
        const unknown = unknownListsOf(error);
        const stale = unknown
          ? batch.records.filter((record) => record.listIds.some((id) => unknown.includes(id)))
          : [];
        if (stale.length > 0) {
          await deps.store.putScans(stale.map((record) => ({ ...record, synced: true, setAside: true })));
          deps.onProgress?.();
          const rest = batch.records.filter((record) => !stale.includes(record));
          if (rest.length > 0)
            batches.splice(index + 1, 0, { organizationId: batch.organizationId, records: rest });
          continue;
        }
        const remaining = batches.slice(index).reduce((sum, left) => sum + left.records.length, 0);
        return { synced, remaining, error };
      }
    }
    return { synced, remaining: (await deps.store.pendingScans()).length, error: null };
  }

  return {
    /** One sync at a time: a call while one runs gets that one's outcome. */
    sync(): Promise<SyncOutcome> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
