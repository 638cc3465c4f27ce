import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`, with its development login and consent pages) on
 * 127.0.0.1, for the tests of third-party sign-in; and a browser stand-in that goes through its pages.
 */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** The accounts by login; a function may answer an account for any login. */
export type TestAccounts = Record<string, TestAccount> | ((login: string) => TestAccount | undefined);

export async function startTestProvider(
  accounts: TestAccounts,
  redirectUri: string,
  port = 0,
): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'guichet-test';
  const clientSecret = 'guichet-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx, id) {
      const account = typeof accounts === 'function' ? accounts(id) : accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes from the provider's authorization address through its login (as `login`) and consent pages, as a
 * browser would (cookies, redirects, forms), and answers the address it finally sends the browser back to.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, returnPrefix: string) {
  const jar = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  let url = new URL(authorizationUrl);
  let response = await send(url);
  for (let hop = 0; hop < 20; hop++) {
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location')!, url);
      if (location.href.startsWith(returnPrefix)) return location;
      url = location;
      response = await send(url);
      continue;
    }
    const page = await response.text();
    if (response.status !== 200)
      throw new Error(`provider answered ${response.status}: ${page.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${page.slice(0, 300)}`);
    url = new URL(action, url);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any');
    }
    response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }
  throw new Error('too many hops at the provider');
}
