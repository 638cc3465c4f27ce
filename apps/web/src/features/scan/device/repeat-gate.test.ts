import { describe, expect, it } from 'vitest';
import { createRepeatGate } from './repeat-gate';

describe('repeat gate', () => {
  it('holds back the same code within the window, lets it through after', () => {
    const gate = createRepeatGate(4000);
    expect(gate.admit('a', 0)).toBe(true);
    expect(gate.admit('a', 100)).toBe(false);
    expect(gate.admit('b', 200)).toBe(true);
    expect(gate.admit('a', 3999)).toBe(false);
    expect(gate.admit('a', 4000)).toBe(true);
  });

  it('forgets a code on request', () => {
    const gate = createRepeatGate(4000);
    gate.admit('a', 0);
    gate.forget('a');
    expect(gate.admit('a', 10)).toBe(true);
  });
});
