import { describe, expect, it } from 'vitest';
import { createWedgeReader } from './keyboard-wedge';

function type(feed: ReturnType<typeof createWedgeReader>, text: string, start: number, gap: number) {
  let result: string | null = null;
  [...text, 'Enter'].forEach((key, index) => {
    result = feed({ key, time: start + index * gap });
  });
  return result;
}

describe('keyboard-wedge scanner', () => {
  it('reads fast keystrokes ending in Enter as one code', () => {
    const feed = createWedgeReader();
    expect(type(feed, 'AbC-12_xyz', 1000, 8)).toBe('AbC-12_xyz');
    expect(type(feed, 'second-code', 5000, 10)).toBe('second-code');
  });

  it('ignores a person typing (slow keys) and too short runs', () => {
    const feed = createWedgeReader();
    expect(type(feed, 'hello-world', 1000, 120)).toBeNull();
    expect(type(feed, 'abc', 5000, 5)).toBeNull();
  });

  it('starts again after a slow key and after other keys', () => {
    const feed = createWedgeReader();
    feed({ key: 'x', time: 0 });
    feed({ key: 'y', time: 500 });
    expect(type(feed, 'abcdefgh', 2000, 5)).toBe('abcdefgh');
    feed({ key: 'a', time: 3000 });
    feed({ key: 'ArrowLeft', time: 3005 });
    expect(feed({ key: 'Enter', time: 3010 })).toBeNull();
    feed({ key: 'Shift', time: 4000 });
    expect(type(feed, 'ABCDEFG', 4005, 5)).toBe('ABCDEFG');
  });

  it('needs Enter to come quickly after the code', () => {
    const feed = createWedgeReader();
    for (const [index, key] of [...'abcdefgh'].entries()) feed({ key, time: index * 5 });
    expect(feed({ key: 'Enter', time: 1000 })).toBeNull();
  });
});
