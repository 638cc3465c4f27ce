import { describe, expect, it } from 'vitest';
import { SharedReadings } from './shared-readings';

/**
 * A reading that answers the number of readings started before it settles, and settles only when told:
 * a request's answer is fresh when it is at least the number of readings started before the request.
 */
function counter() {
  let started = 0;
  const pending: (() => void)[] = [];
  return {
    get started() {
      return started;
    },
    run: () =>
      new Promise<number>((resolve) => {
        started += 1;
        const mine = started;
        pending.push(() => resolve(mine));
      }),
    /** Settles the oldest pending reading and lets its follower start. */
    async settle() {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('shared readings', () => {
  it('answers requests made during a reading with the next one, started after them, shared by all', async () => {
    const readings = new SharedReadings<number>();
    const reading = counter();
    const first = readings.read('a', reading.run);
    const during = Array.from({ length: 20 }, () => readings.read('a', reading.run));
    expect(reading.started).toBe(1);
    await reading.settle();
    expect(await first).toBe(1);
    // The requests made while reading 1 was in flight are answered by reading 2, not by reading 1.
    expect(reading.started).toBe(2);
    const late = readings.read('a', reading.run);
    await reading.settle();
    expect(await Promise.all(during)).toEqual(Array(20).fill(2));
    await reading.settle();
    expect(await late).toBe(3);
    expect(reading.started).toBe(3);
    expect(readings.size).toBe(0);
  });

  it('never answers a request with a reading that started before it', async () => {
    const readings = new SharedReadings<number>();
    const reading = counter();
    const answers: Promise<void>[] = [];
    for (let step = 0; step < 200; step++) {
      const startedBefore = reading.started;
      answers.push(
        readings.read('a', reading.run).then((answer) => {
          // Readings are numbered as they start: one that started after the request has a greater number.
          expect(answer).toBeGreaterThan(startedBefore);
        }),
      );
      if (step % 3 === 0) await reading.settle();
    }
    while (readings.size > 0) await reading.settle();
    await Promise.all(answers);
    // Shared: far fewer readings than requests.
    expect(reading.started).toBeLessThan(150);
  });

  it('keeps keys apart', async () => {
    const readings = new SharedReadings<string>();
    const runs: string[] = [];
    const read = (key: string) =>
      readings.read(key, async () => {
        runs.push(key);
        return key;
      });
    expect(await Promise.all([read('a'), read('b'), read('a'), read('b')])).toEqual(['a', 'b', 'a', 'b']);
    expect(runs.sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(readings.size).toBe(0);
  });

  it('gives a failed reading’s error to its requests only, and reads again after it', async () => {
    const readings = new SharedReadings<number>();
    let calls = 0;
    const run = (fail: boolean) => async () => {
      calls += 1;
      await new Promise((resolve) => setImmediate(resolve));
      if (fail) throw new Error('database gone');
      return calls;
    };
    const failed = readings.read('a', run(true));
    const next = readings.read('a', run(false));
    await expect(failed).rejects.toThrow('database gone');
    expect(await next).toBe(2);
    expect(await readings.read('a', run(false))).toBe(3);
    expect(readings.size).toBe(0);
  });
});
