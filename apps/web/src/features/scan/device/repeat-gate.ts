/**
 * A camera sees the same QR code in many frames and a hand holds it there for seconds: the same code is not
 * submitted again within `windowMs` of its last submission, whatever the verdict was.
 */
export const REPEAT_WINDOW_MS = 4000;

export function createRepeatGate(windowMs = REPEAT_WINDOW_MS) {
  const seen = new Map<string, number>();
  return {
    /** True (and remembered) when the code may be submitted now. */
    admit(code: string, now: number): boolean {
      for (const [known, at] of seen) if (now - at >= windowMs) seen.delete(known);
      if (seen.has(code)) return false;
      seen.set(code, now);
      return true;
    },
    /** A deliberate second try (typed again, button) is not held back. */
    forget(code: string): void {
      seen.delete(code);
    },
  };
}
