/**
 * Groups work that arrives together into one call (the database's group commit, done by the caller):
 * items submitted while `maxInFlight` batches are already running wait, and go together as the next
 * batch. A lone item goes at once, in a batch of one; under load, batches grow by themselves with the
 * number of waiting callers, so a round trip and a commit serve many of them.
 *
 * `run` must be all or nothing (one statement): a batch that fails is run again item by item, so one
 * item's failure (a nonce sent again) stays its own. Items with the same `keyOf` never share a batch
 * (a statement cannot change one row twice); the later one waits for the next.
 */
export class Batcher<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  private running = 0;
  private scheduled = false;

  /** `run` answers one result per item, in their order; if it throws, every item of the batch fails. */
  constructor(
    private readonly run: (items: Item[]) => Promise<Result[]>,
    private readonly options: {
      maxInFlight: number;
      maxSize: number;
      keyOf?: (item: Item) => string | null;
    },
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  // The flush waits for the end of this turn of the event loop, so requests read in the same turn (the
  // same burst of packets) share a batch even when a slot is free.
  private schedule() {
    if (this.scheduled || this.running >= this.options.maxInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    while (this.running < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.take();
      this.running += 1;
      this.runBatch(batch).finally(() => {
        this.running -= 1;
        this.schedule();
      });
    }
  }

  /** The next batch: in order of arrival, up to `maxSize`, at most one item per key. */
  private take(): Waiting<Item, Result>[] {
    const batch: Waiting<Item, Result>[] = [];
    const later: Waiting<Item, Result>[] = [];
    const keys = new Set<string>();
    for (const entry of this.waiting) {
      const key = this.options.keyOf?.(entry.item) ?? null;
      if (batch.length >= this.options.maxSize || (key !== null && keys.has(key))) {
        later.push(entry);
        continue;
      }
      if (key !== null) keys.add(key);
      batch.push(entry);
    }
    this.waiting = later;
    return batch;
  }

  private async runBatch(batch: Waiting<Item, Result>[]): Promise<void> {
    try {
      const results = await this.run(batch.map((entry) => entry.item));
      batch.forEach((entry, index) => {
        entry.resolve(results[index] as Result);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((entry) => this.runBatch([entry])));
    }
  }
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}
