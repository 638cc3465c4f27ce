import type { Database } from '@guichet/db/client';
import { listen, notify } from '@guichet/db/coordination';

/**
 * "Something changed" news for live screens, heard by every API process: `publish(topic)` in the process
 * that made the change, `subscribe(topic, onChange)` in any process serving a screen of it, which then
 * reads the new state itself. Over LISTEN/NOTIFY on PostgreSQL (one channel, the topic as payload); on
 * the embedded database, PGlite's own LISTEN/NOTIFY goes round in the one process.
 *
 * Only the topic travels, never the data: a notification is at most 8 kB, is not stored, and a process
 * that was not listening misses it; subscribers re-read state, and are called again after the listening
 * connection was lost and restored (`onChange` then covers what may have been missed).
 *
 * Publishing is coalesced per topic for `coalesceMs`: a burst of scans of one event sends one NOTIFY.
 * NOTIFY never runs inside the change's transaction (its commit-time lock would serialise every writer):
 * callers publish after their commit.
 */
export interface LiveBus {
  /** Tells every process (this one included) that `topic` changed. Cheap: coalesced, never throws. */
  publish(topic: string): void;
  /** Calls `onChange` after each change of `topic` in any process; answers the unsubscribe. */
  subscribe(topic: string, onChange: () => void): () => void;
  /** Stops listening and sends what is pending. */
  close(): Promise<void>;
}

export const LIVE_CHANNEL = 'guichet_live';

/**
 * The topic of an organisation's figures (the dashboard's): published after the commit of every order,
 * payment, cancellation, refund and scan, in whichever process made it.
 */
export const figuresTopic = (organizationId: string) => `figures:${organizationId}`;

export function liveBus(
  db: Database,
  options: { coalesceMs?: number; onError?: (error: unknown) => void } = {},
): LiveBus {
  const coalesceMs = options.coalesceMs ?? 50;
  const onError = options.onError ?? (() => {});
  const subscribers = new Map<string, Set<() => void>>();
  const pending = new Map<string, NodeJS.Timeout>();
  let listening: Promise<(() => Promise<void>) | null> | null = null;
  let closed = false;

  const deliver = (topic: string) => {
    for (const onChange of subscribers.get(topic) ?? []) onChange();
  };
  const deliverAll = () => {
    for (const topic of subscribers.keys()) deliver(topic);
  };
  const send = (topic: string): Promise<void> => {
    pending.delete(topic);
    return notify(db, LIVE_CHANNEL, topic).catch(onError);
  };
  const startListening = () => {
    listening ??= listen(db, LIVE_CHANNEL, deliver, deliverAll).catch((error: unknown) => {
      onError(error);
      listening = null;
      return null;
    });
  };

  return {
    publish(topic) {
      if (closed || pending.has(topic)) return;
      pending.set(
        topic,
        setTimeout(() => void send(topic), coalesceMs),
      );
    },
    subscribe(topic, onChange) {
      startListening();
      let set = subscribers.get(topic);
      if (!set) {
        set = new Set();
        subscribers.set(topic, set);
      }
      set.add(onChange);
      return () => {
        set.delete(onChange);
        if (set.size === 0) subscribers.delete(topic);
      };
    },
    async close() {
      closed = true;
      const sends: Promise<void>[] = [];
      for (const [topic, timer] of pending) {
        clearTimeout(timer);
        sends.push(send(topic));
      }
      await Promise.all(sends);
      subscribers.clear();
      const stop = await listening;
      listening = null;
      await stop?.();
    },
  };
}
