/**
 * Readings of the same figures asked for at once share one statement, and none is answered from a snapshot
 * older than the request. A request for a key with no reading in flight starts one; a request arriving
 * while one is in flight waits for the next, which starts when the one in flight settles and answers every
 * request that arrived meanwhile. So every answer comes from a statement sent after its request arrived:
 * an order committed before a request is in its answer, exactly as if the request had read alone.
 *
 * Why: every open dashboard of an organisation reads its figures again after each order, refund or scan
 * (the stream), and its staff mostly look at the same period (the page's default). During an on-sale rush,
 * N open dashboards read N times per change, each a statement of several milliseconds of database CPU
 * taken from the checkout; shared, they read about twice per change whatever N is (decision 041, fourth
 * pass).
 */
export class SharedReadings<T> {
  /** Per key: the requests waiting for the reading after the one in flight (null: none yet). */
  private readonly inFlight = new Map<string, { waiting: Waiting<T> | null }>();

  read(key: string, run: () => Promise<T>): Promise<T> {
    const slot = this.inFlight.get(key);
    if (!slot) return this.start(key, run);
    slot.waiting ??= waiting<T>(run);
    return slot.waiting.promise;
  }

  /** Keys with a reading in flight (for tests: none is left behind once every reading settled). */
  get size(): number {
    return this.inFlight.size;
  }

  private start(key: string, run: () => Promise<T>): Promise<T> {
    const slot: { waiting: Waiting<T> | null } = { waiting: null };
    this.inFlight.set(key, slot);
    const reading = (async () => run())();
    const settled = () => {
      this.inFlight.delete(key);
      const next = slot.waiting;
      if (next) this.start(key, next.run).then(next.resolve, next.reject);
    };
    reading.then(settled, settled);
    return reading;
  }
}

interface Waiting<T> {
  promise: Promise<T>;
  /** The reading to run for them: the first waiting request's (every request of a key reads the same figures). */
  run: () => Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function waiting<T>(run: () => Promise<T>): Waiting<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, run, resolve, reject };
}
