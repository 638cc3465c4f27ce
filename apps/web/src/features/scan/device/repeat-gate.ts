/**
 * A camera sees the same QR code in many frames and a hand holds it there for seconds: the same code is not
 * submitted again while it stays in view, nor within `windowMs` after it was last seen, whatever the verdict
 * was. Another code goes through at once.
 */
export const REPEAT_WINDOW_MS = 4000;

export function createRepeatGate(windowMs = REPEAT_WINDOW_MS) {
  const seen = new Map<string, number>();
  return {
    /** True when the code may be submitted now; every sighting counts as "seen" (a sliding window). */
    admit(code: string, now: number): boolean {
      for (const [known, at] of seen) if (now - at >= windowMs) seen.delete(known);
      const fresh = !seen.has(code);
      seen.set(code, now);
      return fresh;
    },
    /** A deliberate second try (typed again, button) is not held back. */
    forget(code: string): void {
      seen.delete(code);
    },
  };
}
