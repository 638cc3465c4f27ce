import { publicApi as api } from '../../../lib/public-api';

/** Where the e-mail a link was asked for is kept, so the device that opens the link can fill it in. */
const EMAIL_KEY = 'guichet.emailLinkFor';

/** POST /auth/email-link: mails a sign-in link (answered the same whether or not the account exists). */
export async function requestEmailLink(body: { email: string }): Promise<void> {
  await api.post<void>('/auth/email-link', body, { auth: false });
  try {
    localStorage.setItem(EMAIL_KEY, body.email);
  } catch {
    // The e-mail is asked for again when the link is opened.
  }
}

export function emailLinkRequestedFor(): string {
  try {
    return localStorage.getItem(EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Once the link has signed in, nothing is left to fill in. */
export function forgetEmailLinkRequest(): void {
  try {
    localStorage.removeItem(EMAIL_KEY);
  } catch {
    // Nothing kept.
  }
}
