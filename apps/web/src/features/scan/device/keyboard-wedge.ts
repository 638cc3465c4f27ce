/**
 * A hardware scanner in keyboard mode ("wedge") types the code as fast keystrokes ending in Enter. Told apart
 * from a person typing by the gaps between keys: a person's are rarely under 35 ms, a scanner's under 20.
 */
export const WEDGE_MAX_GAP_MS = 35;
export const WEDGE_MIN_LENGTH = 6;

export interface WedgeKey {
  key: string;
  /** Milliseconds, any monotonic clock (`event.timeStamp`). */
  time: number;
}

export function createWedgeReader(maxGapMs = WEDGE_MAX_GAP_MS, minLength = WEDGE_MIN_LENGTH) {
  let buffer = '';
  let last = Number.NEGATIVE_INFINITY;

  /** Feeds one key; returns the code when this key ends a scan, otherwise null. */
  return function feed({ key, time }: WedgeKey): string | null {
    const fast = time - last <= maxGapMs;
    last = time;
    if (key === 'Enter') {
      const code = fast && buffer.length >= minLength ? buffer : null;
      buffer = '';
      return code;
    }
    if (key.length !== 1) {
      // Shift and the like come with the characters a scanner types; anything else breaks the run.
      if (key !== 'Shift') buffer = '';
      return null;
    }
    // A slow key starts a new run: what came before was a person, not a scanner.
    buffer = fast ? buffer + key : key;
    return null;
  };
}

/** Keys typed into a field belong to that field (the typed-code box handles its own Enter). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
