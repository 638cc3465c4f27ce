import type { AuthSession, PublicUser } from '@guichet/shared/auth';
import type { Organization } from '@guichet/shared/organizations';
import type { Permission, Role } from '@guichet/shared/permissions';
import type { TokenState } from '../token-manager';

/**
 * Spec §3: the user, the organisation, a token, a role and a permissions list, kept in persisted storage.
 * The sign-in pages write here too, so this module stays free of the router, the query cache and the
 * permission rules (the profile is applied by `apply-profile.ts`).
 */
export interface SessionState {
  token: string | null;
  /** Epoch milliseconds. */
  tokenExpiresAt: number | null;
  user: PublicUser | null;
  /** The organisation chosen by the staff member (also in the `guichet_org` cookie, path `/`). */
  organizationId: string | null;
  organization: Organization | null;
  role: Role | null;
  permissions: Permission[];
}

export const SESSION_STORAGE_KEY = 'guichet.session';
export const ORGANIZATION_COOKIE = 'guichet_org';
const ORGANIZATION_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

const EMPTY: SessionState = {
  token: null,
  tokenExpiresAt: null,
  user: null,
  organizationId: null,
  organization: null,
  role: null,
  permissions: [],
};

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function browserCookies(): CookieJar | null {
  if (typeof document === 'undefined') return null;
  return {
    read: () => document.cookie,
    write: (cookie) => {
      // The Cookie Store API is not in every browser yet; the spec asks for a plain cookie with path /.
      // biome-ignore lint/suspicious/noDocumentCookie: see above
      document.cookie = cookie;
    },
  };
}

function parse(raw: string | null): SessionState {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<SessionState>;
    return {
      token: typeof value.token === 'string' ? value.token : null,
      tokenExpiresAt: typeof value.tokenExpiresAt === 'number' ? value.tokenExpiresAt : null,
      user: value.user ?? null,
      organizationId: typeof value.organizationId === 'string' ? value.organizationId : null,
      organization: value.organization ?? null,
      role: value.role ?? null,
      permissions: Array.isArray(value.permissions) ? value.permissions : [],
    };
  } catch {
    return EMPTY;
  }
}

export function readOrganizationCookie(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ORGANIZATION_COOKIE) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

export function createSessionStore(
  storage: StorageLike | null = browserStorage(),
  cookies: CookieJar | null = browserCookies(),
  now: () => number = Date.now,
) {
  const listeners = new Set<() => void>();
  let state: SessionState = load();

  function load(): SessionState {
    const loaded = parse(storage?.getItem(SESSION_STORAGE_KEY) ?? null);
    const cookieOrganization = cookies ? readOrganizationCookie(cookies.read()) : null;
    return loaded.organizationId || !cookieOrganization
      ? loaded
      : { ...loaded, organizationId: cookieOrganization };
  }

  function writeCookie(organizationId: string | null): void {
    if (!cookies) return;
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
    cookies.write(
      organizationId
        ? `${ORGANIZATION_COOKIE}=${encodeURIComponent(organizationId)}; path=/; max-age=${ORGANIZATION_COOKIE_MAX_AGE}; SameSite=Lax${secure}`
        : `${ORGANIZATION_COOKIE}=; path=/; max-age=0; SameSite=Lax${secure}`,
    );
  }

  function set(next: SessionState): void {
    if (next.organizationId !== state.organizationId) writeCookie(next.organizationId);
    state = next;
    try {
      if (next.token === null && next.user === null && next.organizationId === null) {
        storage?.removeItem(SESSION_STORAGE_KEY);
      } else {
        storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
      }
    } catch {
      // Storage full or blocked: the session still works for this page.
    }
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTokenState(): TokenState | null {
      return state.token && state.tokenExpiresAt !== null
        ? { token: state.token, expiresAt: state.tokenExpiresAt }
        : null;
    },
    /** After sign-in, sign-up or a token refresh. */
    setAuth(session: AuthSession): void {
      set({
        ...state,
        token: session.accessToken,
        tokenExpiresAt: now() + session.expiresIn * 1000,
        user: session.user,
      });
    },
    /** A derived change (see `apply-profile.ts`); nothing is written when the state stays the same. */
    update(change: (current: SessionState) => SessionState): void {
      const next = change(state);
      if (JSON.stringify(next) !== JSON.stringify(state)) set(next);
    },
    /** The organisation switcher: only stores the choice; the profile decides whether it is eligible. */
    chooseOrganization(organizationId: string): void {
      set({ ...state, organizationId });
    },
    clear(): void {
      set(EMPTY);
    },
    /** Another tab changed the persisted session. */
    reload(): void {
      const next = load();
      if (JSON.stringify(next) === JSON.stringify(state)) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore = createSessionStore();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) sessionStore.reload();
  });
}
