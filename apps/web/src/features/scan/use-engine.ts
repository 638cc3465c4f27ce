import { useSyncExternalStore } from 'react';
import { createScannerEngine, type EngineState, type ScannerEngine } from './scanner-engine';

let engine: ScannerEngine | null = null;

/** One engine per page: the queue, the snapshot and the probes are the device's, not a component's. */
export function scannerEngine(): ScannerEngine {
  engine ??= createScannerEngine();
  return engine;
}

export function useEngineState(): EngineState {
  const current = scannerEngine();
  return useSyncExternalStore(current.subscribe, current.getState, current.getState);
}
