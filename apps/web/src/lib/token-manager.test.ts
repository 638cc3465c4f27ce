import type { AuthSession } from '@guichet/shared/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  createTokenManager,
  EXPIRY_SKEW_MS,
  nextBackoff,
  REFRESH_BACKOFF_MAX_MS,
  REFRESH_BEFORE_EXPIRY_MS,
  refreshDelay,
  type TokenState,
} from './token-manager';

const MINUTE = 60_000;

function session(token: string, expiresInSeconds = 15 * 60): AuthSession {
  return {
    accessToken: token,
    expiresIn: expiresInSeconds,
    user: { id: '00000000-0000-4000-8000-000000000000', email: 'a@b.c', displayName: 'A', locale: 'en' },
  };
}

function setup(
  refresh: () => Promise<AuthSession>,
  locks: { request: ReturnType<typeof vi.fn> } | null = null,
) {
  let state: TokenState | null = { token: 'initial', expiresAt: Date.now() + 15 * MINUTE };
  let stored: TokenState | null = state;
  const refreshMock = vi.fn(refresh);
  const manager = createTokenManager({
    getToken: () => state,
    syncFromStorage: () => {
      state = stored;
      return state;
    },
    saveSession: (s) => {
      state = { token: s.accessToken, expiresAt: Date.now() + s.expiresIn * 1000 };
      stored = state;
    },
    refresh: refreshMock,
    locks: locks as never,
  });
  return {
    manager,
    refreshMock,
    get token() {
      return state?.token;
    },
    setStored(value: TokenState | null) {
      stored = value;
    },
    setState(value: TokenState | null) {
      state = value;
      stored = value;
    },
  };
}

describe('token timing rules', () => {
  it('refreshes 5 minutes before expiry', () => {
    expect(refreshDelay({ token: 't', expiresAt: 15 * MINUTE }, 0)).toBe(10 * MINUTE);
    expect(REFRESH_BEFORE_EXPIRY_MS).toBe(5 * MINUTE);
  });

  it('never schedules a busy loop for short-lived tokens', () => {
    expect(refreshDelay({ token: 't', expiresAt: 2 * MINUTE }, 0)).toBe((2 * MINUTE - EXPIRY_SKEW_MS) / 2);
    expect(refreshDelay({ token: 't', expiresAt: 1000 }, 0)).toBe(5000);
  });

  it('backs off from 30 s doubling up to 16 minutes', () => {
    const steps: number[] = [];
    let backoff = 0;
    for (let i = 0; i < 8; i++) {
      backoff = nextBackoff(backoff);
      steps.push(backoff / 1000);
    }
    expect(steps).toEqual([30, 60, 120, 240, 480, 960, 960, 960]);
    expect(REFRESH_BACKOFF_MAX_MS).toBe(16 * MINUTE);
  });
});

describe('token manager', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes on schedule, 5 minutes before expiry', async () => {
    const t = setup(async () => session('second'));
    t.manager.schedule();
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(t.refreshMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.refreshMock).toHaveBeenCalledTimes(1);
    expect(t.token).toBe('second');
    t.manager.stop();
  });

  it('counts a token within 30 s of expiry as expired and refreshes before the request', async () => {
    const t = setup(async () => session('fresh'));
    t.setState({ token: 'old', expiresAt: Date.now() + 29_000 });
    await expect(t.manager.getValidToken()).resolves.toBe('fresh');
    expect(t.refreshMock).toHaveBeenCalledTimes(1);
  });

  it('uses the token as is when it has more than 30 s left', async () => {
    const t = setup(async () => session('fresh'));
    t.setState({ token: 'old', expiresAt: Date.now() + 31_000 });
    await expect(t.manager.getValidToken()).resolves.toBe('old');
    expect(t.refreshMock).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent callers', async () => {
    const t = setup(async () => session('fresh'));
    t.setState({ token: 'old', expiresAt: Date.now() + 1000 });
    const results = await Promise.all([
      t.manager.getValidToken(),
      t.manager.getValidToken(),
      t.manager.getValidToken(),
    ]);
    expect(results).toEqual(['fresh', 'fresh', 'fresh']);
    expect(t.refreshMock).toHaveBeenCalledTimes(1);
  });

  it('backs off 30 s, 60 s, 120 s… after failed refreshes, then returns to the normal plan', async () => {
    let failures = 3;
    const t = setup(async () => {
      if (failures-- > 0) throw new ApiError(503, 'internal-error', 'down');
      return session('recovered');
    });
    t.setState({ token: 'old', expiresAt: Date.now() + 5 * MINUTE + 1000 });
    t.manager.schedule();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.refreshMock).toHaveBeenCalledTimes(1);
    expect(t.manager.currentBackoff()).toBe(30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.refreshMock).toHaveBeenCalledTimes(2);
    expect(t.manager.currentBackoff()).toBe(60_000);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(t.refreshMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.refreshMock).toHaveBeenCalledTimes(3);
    expect(t.manager.currentBackoff()).toBe(120_000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.refreshMock).toHaveBeenCalledTimes(4);
    expect(t.token).toBe('recovered');
    expect(t.manager.currentBackoff()).toBe(0);
    t.manager.stop();
  });

  it('keeps using a token that still works when the refresh fails on the network', async () => {
    const t = setup(async () => {
      throw new ApiError(0, 'network-request-failed', 'offline');
    });
    t.setState({ token: 'old', expiresAt: Date.now() + 10_000 });
    await expect(t.manager.getValidToken()).resolves.toBe('old');
    t.manager.stop();
  });

  it('fails when the token is past expiry and cannot be refreshed', async () => {
    const t = setup(async () => {
      throw new ApiError(0, 'network-request-failed', 'offline');
    });
    t.setState({ token: 'old', expiresAt: Date.now() - 1 });
    await expect(t.manager.getValidToken()).rejects.toMatchObject({ code: 'network-request-failed' });
    t.manager.stop();
  });

  it('stops planning after a 401 (the session is over)', async () => {
    const t = setup(async () => {
      throw new ApiError(401, 'unauthenticated', 'reused');
    });
    t.setState({ token: 'old', expiresAt: Date.now() + 1000 });
    await expect(t.manager.getValidToken()).rejects.toMatchObject({ status: 401 });
    expect(t.manager.currentBackoff()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(t.refreshMock).toHaveBeenCalledTimes(1);
  });

  it('runs the refresh under a cross-tab lock and adopts a token another tab just stored', async () => {
    const locks = { request: vi.fn(async (_name: string, callback: () => Promise<unknown>) => callback()) };
    const t = setup(async () => session('mine'), locks);
    t.setState({ token: 'old', expiresAt: Date.now() + 1000 });
    t.setStored({ token: 'from-other-tab', expiresAt: Date.now() + 15 * MINUTE });
    await expect(t.manager.getValidToken()).resolves.toBe('from-other-tab');
    expect(locks.request).toHaveBeenCalledWith('guichet-token-refresh', expect.any(Function));
    expect(t.refreshMock).not.toHaveBeenCalled();
    t.manager.stop();
  });
});
