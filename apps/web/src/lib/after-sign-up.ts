import { nextFromSearch, safeNextPath } from './next-path';

/**
 * Registration always leads on to creating an organisation. A `next` given to the registration page (an
 * invitation link, say) is kept for the tab and taken once the new account arrives there.
 */
const KEY = 'guichet.after-sign-up';

export function rememberAfterSignUp(search: string): void {
  const next = nextFromSearch(search);
  try {
    if (next) sessionStorage.setItem(KEY, next);
  } catch {
    // Storage blocked: registration simply ends on organisation creation.
  }
}

export function takeAfterSignUp(): string | null {
  try {
    const next = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return safeNextPath(next);
  } catch {
    return null;
  }
}
