import type { OfflineSnapshot, RedeemAnswer, ScanDirection, SnapshotTicket } from '@guichet/shared/scan';
import { looksLikeTicketCode } from '@guichet/shared/ticket-code';
import { isApiError } from '../../lib/api-error';
import { getSnapshot } from './api/get-snapshot';
import { probeServer } from './api/probe-server';
import { redeem } from './api/redeem';
import { isUnreachable } from './api/scan-client';
import { syncScans } from './api/sync-scans';
import { type Connectivity, createConnectivity, type Mode } from './offline/connectivity';
import { createIdbStore } from './offline/idb-store';
import {
  buildPresence,
  decideLocally,
  ticketsById,
  ticketsByShortCode,
  typedTicket,
} from './offline/local-decision';
import { type GateSetup, type ScanRecord, type ScanStore, snapshotKey } from './offline/scan-record';
import { createSyncer } from './offline/sync-queue';
import { importPublicKey, verifySecret } from './offline/ticket-secret';

/**
 * The scanner's heart, outside React: each scan goes to the server while online and is decided from the
 * snapshot while offline (or when the server does not answer in time, with the same nonce, so a scan the
 * server did record is not counted twice when the queue syncs). It keeps the snapshot fresh while online,
 * syncs the queue as soon as the network is back, and tells the screen what changed.
 */

/** The snapshot is taken again this often while online, so other gates' admissions are known offline. */
const SNAPSHOT_REFRESH_MS = 60_000;
/** While scans wait in the queue and the server answers, a sync is tried this often. */
const SYNC_RETRY_MS = 10_000;
const RECENT_LIMIT = 30;
const DEVICE_KEY = 'guichet.scan.device';

export type ScanInput = { secret: string } | { ticketId: string };

export type ScanFailure = 'noSnapshot' | 'manualOffline' | 'tooFast' | 'unsupported' | 'server';

export type ScanOutcome =
  | { kind: 'verdict'; record: ScanRecord }
  | { kind: 'failure'; failure: ScanFailure; message?: string };

export interface SnapshotInfo {
  tickets: number;
  generatedAt: string;
}

export interface EngineState {
  mode: Mode;
  pending: number;
  syncing: boolean;
  snapshot: SnapshotInfo | null;
  snapshotStatus: 'idle' | 'loading' | 'failed' | 'unsupported';
  recent: ScanRecord[];
}

/** A device id kept on this device: staff see which phone scanned what. */
export function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = `scanner-${crypto.randomUUID().slice(0, 8)}`;
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return `scanner-${crypto.randomUUID().slice(0, 8)}`;
  }
}

interface Loaded {
  key: string;
  snapshot: OfflineSnapshot;
  tickets: Map<string, SnapshotTicket>;
  byShortCode: Map<string, SnapshotTicket>;
  publicKey: Promise<CryptoKey>;
}

function recordFromAnswer(
  base: Pick<
    ScanRecord,
    'nonce' | 'organizationId' | 'eventId' | 'secret' | 'listIds' | 'direction' | 'scannedAt'
  >,
  answer: RedeemAnswer,
): ScanRecord {
  return {
    ...base,
    ticketId: answer.ticket?.id ?? null,
    decidedBy: 'server',
    result: answer.result,
    reason: answer.result === 'refused' ? answer.reason : null,
    listId: answer.list?.id ?? null,
    listName: answer.list?.name ?? null,
    attendeeName: answer.ticket?.attendeeName ?? null,
    ticketTypeName: answer.ticket?.ticketTypeName ?? null,
    alreadyUsed:
      answer.result === 'refused' && answer.alreadyUsed
        ? { at: answer.alreadyUsed.at, listName: answer.alreadyUsed.listName }
        : null,
    synced: true,
    serverAt: answer.at,
    serverResult: answer.result,
    conflictIds: [],
  };
}

export function createScannerEngine(store: ScanStore = createIdbStore()) {
  const device = deviceId();
  const listeners = new Set<() => void>();
  let setup: GateSetup | null = null;
  let loaded: Loaded | null = null;
  let records: ScanRecord[] = [];
  let state: EngineState = {
    mode: 'online',
    pending: 0,
    syncing: false,
    snapshot: null,
    snapshotStatus: 'idle',
    recent: [],
  };
  const timers: ReturnType<typeof setInterval>[] = [];

  function set(change: Partial<EngineState>): void {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  }

  const connectivity: Connectivity = createConnectivity({
    probe: probeServer,
    isBrowserOnline: () => navigator.onLine,
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  state.mode = connectivity.getMode();

  const syncer = createSyncer({
    store,
    deviceId: device,
    send: async (organizationId, request) => {
      try {
        const response = await syncScans(organizationId, request);
        connectivity.dispatch({ type: 'request-answered' });
        return response;
      } catch (error) {
        if (isUnreachable(error)) connectivity.dispatch({ type: 'request-failed' });
        throw error;
      }
    },
    onProgress: () => void refreshRecords(),
  });

  async function refreshRecords(): Promise<void> {
    const pending = (await store.pendingScans()).length;
    if (setup) records = await store.scansOfEvent(setup.organizationId, setup.eventId);
    set({ pending, recent: records.slice(0, RECENT_LIMIT) });
  }

  function use(stored: { key: string; snapshot: OfflineSnapshot }): void {
    const publicKey = importPublicKey(stored.snapshot.publicKey);
    // Checked once per snapshot; a browser without Ed25519 can still scan online.
    publicKey.catch(() => set({ snapshotStatus: 'unsupported' }));
    loaded = {
      ...stored,
      tickets: ticketsById(stored.snapshot),
      byShortCode: ticketsByShortCode(stored.snapshot),
      publicKey,
    };
    set({
      snapshot: { tickets: stored.snapshot.tickets.length, generatedAt: stored.snapshot.generatedAt },
      snapshotStatus: 'idle',
    });
  }

  async function refreshSnapshot(): Promise<void> {
    const current = setup;
    if (!current) return;
    set({ snapshotStatus: 'loading' });
    try {
      const snapshot = await getSnapshot(current.organizationId, current.listIds);
      connectivity.dispatch({ type: 'request-answered' });
      const key = snapshotKey(current);
      await store.putSnapshot({ key, snapshot, savedAt: new Date().toISOString() });
      if (setup && snapshotKey(setup) === key) use({ key, snapshot });
    } catch (error) {
      if (isUnreachable(error)) connectivity.dispatch({ type: 'request-failed' });
      set({ snapshotStatus: 'failed' });
    }
  }

  async function sync(): Promise<void> {
    if (state.syncing) return;
    set({ syncing: true });
    try {
      await syncer.sync();
    } finally {
      set({ syncing: false });
      await refreshRecords();
    }
  }

  async function decideOffline(
    base: Pick<
      ScanRecord,
      'nonce' | 'organizationId' | 'eventId' | 'secret' | 'listIds' | 'direction' | 'scannedAt'
    >,
    secret: string,
  ): Promise<ScanOutcome> {
    if (!loaded) return { kind: 'failure', failure: 'noSnapshot' };
    const snapshot = loaded.snapshot;
    let verified: { ticketId: string; eventId: string } | null;
    if (looksLikeTicketCode(secret)) {
      // A typed short code: the snapshot vouches for it, no signature to check.
      verified = typedTicket(snapshot, loaded.byShortCode, secret);
    } else {
      let key: CryptoKey;
      try {
        key = await loaded.publicKey;
      } catch {
        return { kind: 'failure', failure: 'unsupported' };
      }
      verified = await verifySecret(key, secret);
    }
    const { verdict, ticket, lastAdmission } = decideLocally({
      snapshot,
      tickets: loaded.tickets,
      presence: buildPresence(snapshot, records, device),
      verified,
      listIds: base.listIds,
      direction: base.direction,
      at: Date.parse(base.scannedAt),
    });
    const listName = (id: string | null) => snapshot.lists.find((list) => list.id === id)?.name ?? null;
    const record: ScanRecord = {
      ...base,
      ticketId: ticket?.id ?? null,
      decidedBy: 'device',
      result: verdict.result,
      reason: verdict.result === 'refused' ? verdict.reason : null,
      listId: verdict.listId,
      listName: listName(verdict.listId),
      attendeeName: ticket?.attendeeName ?? null,
      ticketTypeName: snapshot.ticketTypes.find((type) => type.id === ticket?.ticketTypeId)?.name ?? null,
      alreadyUsed: lastAdmission?.lastAt
        ? { at: lastAdmission.lastAt, listName: listName(lastAdmission.listId) ?? '' }
        : null,
      // Refusals are queued too: the server keeps the whole log of the door.
      synced: false,
      serverAt: null,
      serverResult: null,
      conflictIds: [],
    };
    return { kind: 'verdict', record };
  }

  async function remember(outcome: ScanOutcome): Promise<ScanOutcome> {
    if (outcome.kind === 'verdict') {
      await store.putScans([outcome.record]);
      records = [outcome.record, ...records];
      set({
        recent: records.slice(0, RECENT_LIMIT),
        pending: state.pending + (outcome.record.synced ? 0 : 1),
      });
    }
    return outcome;
  }

  async function scan(input: ScanInput, direction: ScanDirection): Promise<ScanOutcome> {
    if (!setup) throw new Error('The scanner has no gate set up');
    const base = {
      nonce: crypto.randomUUID(),
      organizationId: setup.organizationId,
      eventId: setup.eventId,
      secret: 'secret' in input ? input.secret.trim() : null,
      listIds: setup.listIds,
      direction,
      scannedAt: new Date().toISOString(),
    };
    if (connectivity.getMode() === 'online') {
      try {
        const answer = await redeem(setup.organizationId, {
          ...('secret' in input ? { secret: input.secret.trim() } : { ticketId: input.ticketId }),
          listIds: base.listIds,
          direction,
          scannedAt: base.scannedAt,
          nonce: base.nonce,
          deviceId: device,
        });
        connectivity.dispatch({ type: 'request-answered' });
        return remember({ kind: 'verdict', record: recordFromAnswer(base, answer) });
      } catch (error) {
        if (!isUnreachable(error)) {
          if (isApiError(error) && error.status === 429) return { kind: 'failure', failure: 'tooFast' };
          return {
            kind: 'failure',
            failure: 'server',
            message: error instanceof Error ? error.message : String(error),
          };
        }
        connectivity.dispatch({ type: 'request-failed' });
      }
    }
    if (base.secret === null) return { kind: 'failure', failure: 'manualOffline' };
    return remember(await decideOffline(base, base.secret));
  }

  async function configure(next: GateSetup): Promise<void> {
    setup = next;
    loaded = null;
    set({ snapshot: null, snapshotStatus: 'idle' });
    const stored = await store.getSnapshot(snapshotKey(next));
    if (stored && setup === next) use(stored);
    await refreshRecords();
    if (connectivity.getMode() === 'online') await refreshSnapshot();
  }

  connectivity.subscribe((mode) => {
    set({ mode });
    if (mode === 'online') {
      void sync();
      void refreshSnapshot();
    }
  });

  return {
    getState: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deviceId: device,
    configure,
    scan,
    sync,
    refreshSnapshot,
    /** Starts the probes and timers; returns the stop. */
    start(): () => void {
      const online = () => connectivity.dispatch({ type: 'browser-online' });
      const offline = () => connectivity.dispatch({ type: 'browser-offline' });
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      connectivity.start();
      timers.push(
        setInterval(() => {
          if (connectivity.getMode() === 'online' && state.pending > 0) void sync();
        }, SYNC_RETRY_MS),
        setInterval(() => {
          if (connectivity.getMode() === 'online' && setup) void refreshSnapshot();
        }, SNAPSHOT_REFRESH_MS),
      );
      void refreshRecords().then(() => (connectivity.getMode() === 'online' ? sync() : undefined));
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        connectivity.stop();
        for (const timer of timers.splice(0)) clearInterval(timer);
      };
    },
  };
}

export type ScannerEngine = ReturnType<typeof createScannerEngine>;
