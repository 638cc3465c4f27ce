import type { ScanDirection } from '@guichet/shared/scan';

/**
 * The gate this device was set up for, kept on the device: a scanner reloaded offline (or after a night in a
 * drawer) opens straight on its gate, with the names it showed, without asking the server.
 */
export interface StoredGate {
  organizationId: string;
  organizationName: string;
  /** EVENT or ALL in that organisation: attendee search and check-in by hand. */
  canManage: boolean;
  eventId: string;
  eventName: string;
  timeZone: string;
  listIds: string[];
  listNames: string[];
  direction: ScanDirection;
}

const GATE_KEY = 'guichet.scan.gate';

function isGate(value: unknown): value is StoredGate {
  if (!value || typeof value !== 'object') return false;
  const gate = value as Record<string, unknown>;
  return (
    typeof gate.organizationId === 'string' &&
    typeof gate.eventId === 'string' &&
    Array.isArray(gate.listIds) &&
    gate.listIds.length > 0 &&
    (gate.direction === 'entry' || gate.direction === 'exit')
  );
}

export function readGate(): StoredGate | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(GATE_KEY) ?? 'null');
    return isGate(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveGate(gate: StoredGate | null): void {
  try {
    if (gate) localStorage.setItem(GATE_KEY, JSON.stringify(gate));
    else localStorage.removeItem(GATE_KEY);
  } catch {
    // Storage blocked: the gate holds for this page only.
  }
}
