import { describe, expect, it } from 'vitest';
import { createRepeatGate } from './repeat-gate';

describe('repeat gate', () => {
  it('holds back the same code within the window, lets it through after', () => {
    const gate = createRepeatGate(4000);
    expect(gate.admit('a', 0)).toBe(true);
    expect(gate.admit('b', 200)).toBe(true);
    expect(gate.admit('a', 3999)).toBe(false);
    expect(gate.admit('a', 7999)).toBe(true);
  });

  it('never repeats a code held in view, however long', () => {
    const gate = createRepeatGate(4000);
    expect(gate.admit('a', 0)).toBe(true);
    for (let at = 120; at < 20_000; at += 120) expect(gate.admit('a', at)).toBe(false);
    // Out of view for the whole window: the next sighting is a new scan.
    expect(gate.admit('a', 24_000)).toBe(true);
  });

  it('forgets a code on request', () => {
    const gate = createRepeatGate(4000);
    gate.admit('a', 0);
    gate.forget('a');
    expect(gate.admit('a', 10)).toBe(true);
  });
});
