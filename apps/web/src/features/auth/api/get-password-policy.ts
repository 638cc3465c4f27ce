import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@guichet/shared/password-policy';
import { useEffect, useSyncExternalStore } from 'react';
import { publicApi as api } from '../../../lib/public-api';

export function getPasswordPolicy(signal?: AbortSignal): Promise<PasswordPolicy> {
  return api.get<PasswordPolicy>('/auth/password-policy', { signal, auth: false });
}

const STALE_AFTER_MS = 10 * 60_000;

/** The last policy the server gave, shared by every password field of the page (no query cache needed). */
let policy: PasswordPolicy | null = null;
let loadedAt = 0;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function setPasswordPolicy(next: PasswordPolicy): void {
  policy = next;
  loadedAt = Date.now();
  for (const listener of listeners) listener();
}

/** Asks the server again; a failure keeps what is known (the provider default until something loads). */
export function refreshPasswordPolicy(): Promise<void> {
  inFlight ??= getPasswordPolicy()
    .then(setPasswordPolicy, () => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => policy;

/** The server's policy; the provider default (spec §5) until it has loaded. */
export function usePasswordPolicy() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (policy === null || Date.now() - loadedAt > STALE_AFTER_MS) void refreshPasswordPolicy();
  }, []);
  return { policy: current ?? DEFAULT_PASSWORD_POLICY };
}
