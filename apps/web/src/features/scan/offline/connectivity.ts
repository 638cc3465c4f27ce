/**
 * Online or offline, decided by the scanner itself: the browser's `online`/`offline` events, every request's
 * outcome (an answer, even a refusal, proves the server is reachable; a network failure or a timeout does
 * not), and a probe of the server every few seconds while offline (and now and then while online, so an idle
 * scanner notices a dead network before the next ticket).
 */
export type Mode = 'online' | 'offline';

export type ConnectivityEvent =
  | { type: 'browser-online' }
  | { type: 'browser-offline' }
  | { type: 'request-answered' }
  | { type: 'request-failed' }
  | { type: 'probe'; ok: boolean };

export function nextMode(current: Mode, event: ConnectivityEvent): Mode {
  switch (event.type) {
    case 'browser-offline':
    case 'request-failed':
      return 'offline';
    case 'request-answered':
      return 'online';
    case 'probe':
      return event.ok ? 'online' : 'offline';
    case 'browser-online':
      // The browser saying "online" only means a network interface is up: the probe confirms the server.
      return current;
  }
}

export const PROBE_OFFLINE_MS = 4000;
export const PROBE_ONLINE_MS = 30_000;
export const PROBE_TIMEOUT_MS = 3000;

export interface ConnectivityDeps {
  probe(signal: AbortSignal): Promise<boolean>;
  isBrowserOnline(): boolean;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export function createConnectivity(deps: ConnectivityDeps) {
  let mode: Mode = deps.isBrowserOnline() ? 'online' : 'offline';
  const listeners = new Set<(mode: Mode) => void>();
  let timer: unknown = null;
  let probing = false;

  function dispatch(event: ConnectivityEvent): void {
    const next = nextMode(mode, event);
    if (next !== mode) {
      mode = next;
      for (const listener of listeners) listener(mode);
    }
    if (event.type === 'browser-online') void probeNow();
    else schedule();
  }

  function schedule(): void {
    if (timer !== null) deps.clearTimer(timer);
    timer = deps.setTimer(
      () => {
        timer = null;
        void probeNow();
      },
      mode === 'offline' ? PROBE_OFFLINE_MS : PROBE_ONLINE_MS,
    );
  }

  async function probeNow(): Promise<Mode> {
    if (probing) return mode;
    probing = true;
    const controller = new AbortController();
    const deadline = deps.setTimer(() => controller.abort(), PROBE_TIMEOUT_MS);
    let ok = false;
    try {
      ok = await deps.probe(controller.signal);
    } catch {
      ok = false;
    } finally {
      deps.clearTimer(deadline);
      probing = false;
    }
    dispatch({ type: 'probe', ok });
    return mode;
  }

  return {
    getMode: () => mode,
    dispatch,
    probeNow,
    start(): void {
      schedule();
    },
    stop(): void {
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
    subscribe(listener: (mode: Mode) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Connectivity = ReturnType<typeof createConnectivity>;
