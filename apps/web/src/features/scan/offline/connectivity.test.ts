import { describe, expect, it } from 'vitest';
import { createConnectivity, nextMode, PROBE_OFFLINE_MS, PROBE_ONLINE_MS } from './connectivity';

/** Timers run by hand: `advance` fires every timer due. */
function fakeTimers() {
  let now = 0;
  let id = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimer(callback: () => void, ms: number) {
      id += 1;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimer(handle: unknown) {
      timers.delete(handle as number);
    },
    async advance(ms: number) {
      now += ms;
      for (const [key, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now || !timers.has(key)) continue;
        timers.delete(key);
        timer.callback();
        await Promise.resolve();
        await Promise.resolve();
      }
    },
  };
}

describe('online or offline', () => {
  it('goes offline on a failed request or the browser saying so, online on any answer', () => {
    expect(nextMode('online', { type: 'request-failed' })).toBe('offline');
    expect(nextMode('online', { type: 'browser-offline' })).toBe('offline');
    expect(nextMode('offline', { type: 'request-answered' })).toBe('online');
    expect(nextMode('offline', { type: 'probe', ok: true })).toBe('online');
    expect(nextMode('online', { type: 'probe', ok: false })).toBe('offline');
    // An interface coming up proves nothing until the server answers.
    expect(nextMode('offline', { type: 'browser-online' })).toBe('offline');
  });

  it('probes the server while offline and comes back by itself when it answers', async () => {
    const timers = fakeTimers();
    let serverUp = false;
    let probes = 0;
    const connectivity = createConnectivity({
      probe: async () => {
        probes += 1;
        return serverUp;
      },
      isBrowserOnline: () => true,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    const modes: string[] = [];
    connectivity.subscribe((mode) => modes.push(mode));
    connectivity.start();
    connectivity.dispatch({ type: 'request-failed' });
    expect(connectivity.getMode()).toBe('offline');
    await timers.advance(PROBE_OFFLINE_MS);
    expect(probes).toBe(1);
    expect(connectivity.getMode()).toBe('offline');
    serverUp = true;
    await timers.advance(PROBE_OFFLINE_MS);
    expect(connectivity.getMode()).toBe('online');
    expect(modes).toEqual(['offline', 'online']);
    // Online, the probe slows down.
    await timers.advance(PROBE_OFFLINE_MS);
    expect(probes).toBe(2);
    await timers.advance(PROBE_ONLINE_MS);
    expect(probes).toBe(3);
    connectivity.stop();
  });

  it('checks at once when the browser says the network is back', async () => {
    const timers = fakeTimers();
    let probes = 0;
    const connectivity = createConnectivity({
      probe: async () => {
        probes += 1;
        return true;
      },
      isBrowserOnline: () => false,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    expect(connectivity.getMode()).toBe('offline');
    connectivity.dispatch({ type: 'browser-online' });
    await Promise.resolve();
    await Promise.resolve();
    expect(probes).toBe(1);
    expect(connectivity.getMode()).toBe('online');
  });
});
