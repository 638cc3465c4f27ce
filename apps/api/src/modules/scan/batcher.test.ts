import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

/** A batcher whose batches wait until released, recording what each batch held. */
function gated(options: { maxInFlight: number; maxSize: number; keyOf?: (item: string) => string | null }) {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  const batcher = new Batcher<string, string>(async (items) => {
    batches.push(items);
    await new Promise<void>((release) => gates.push(release));
    if (items.includes('bad')) throw new Error('bad item');
    return items.map((item) => item.toUpperCase());
  }, options);
  const releaseAll = async () => {
    while (gates.length > 0) {
      for (const release of gates.splice(0)) release();
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { batcher, batches, releaseAll };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('sends a lone item at once, in a batch of its own', async () => {
    const { batcher, batches, releaseAll } = gated({ maxInFlight: 2, maxSize: 10 });
    const result = batcher.submit('a');
    await turn();
    expect(batches).toEqual([['a']]);
    await releaseAll();
    expect(await result).toBe('A');
  });

  it('gathers what arrives while the slots are busy into the next batch, each answered its own result', async () => {
    const { batcher, batches, releaseAll } = gated({ maxInFlight: 1, maxSize: 10 });
    const first = batcher.submit('a');
    await turn();
    const rest = ['b', 'c', 'd'].map((item) => batcher.submit(item));
    await turn();
    expect(batches).toEqual([['a']]);
    await releaseAll();
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    expect(await Promise.all([first, ...rest])).toEqual(['A', 'B', 'C', 'D']);
  });

  it('never puts two items of one key in a batch, nor more than maxSize', async () => {
    const { batcher, batches, releaseAll } = gated({
      maxInFlight: 1,
      maxSize: 3,
      keyOf: (item) => (item.startsWith('x') ? 'x' : null),
    });
    const results = ['x1', 'a', 'x2', 'b', 'c', 'd'].map((item) => batcher.submit(item));
    await turn();
    await releaseAll();
    expect(batches).toEqual([
      ['x1', 'a', 'b'],
      ['x2', 'c', 'd'],
    ]);
    expect(await Promise.all(results)).toEqual(['X1', 'A', 'X2', 'B', 'C', 'D']);
  });

  it('runs a failed batch again item by item: only the failing item fails', async () => {
    const { batcher, batches, releaseAll } = gated({ maxInFlight: 1, maxSize: 10 });
    const results = ['a', 'bad', 'c'].map((item) =>
      batcher.submit(item).then(
        (value) => value,
        (error: Error) => error.message,
      ),
    );
    await turn();
    await releaseAll();
    expect(await Promise.all(results)).toEqual(['A', 'bad item', 'C']);
    expect(batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });
});
