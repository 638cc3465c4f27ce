/**
 * The OpenID Connect provider of the browser journeys: the real test provider (oidc-provider, with its
 * development login and consent pages) on 127.0.0.1, as a process of its own that Playwright starts before
 * the app. Any login is accepted and names a verified e-mail: `oidc-user` is oidc-user@example.com, a login
 * with an @ is that address.
 *
 *   OIDC_PROVIDER_PORT=5100 OIDC_REDIRECT_URI=http://localhost:4100/api/auth/oidc/test/callback \
 *     node --import tsx e2e/oidc-provider-server.ts
 */
import { startTestProvider } from '@guichet/api/test-support';

const port = Number(process.env.OIDC_PROVIDER_PORT ?? 5100);
const redirectUri =
  process.env.OIDC_REDIRECT_URI ??
  `http://localhost:${process.env.E2E_PORT ?? 4100}/api/auth/oidc/test/callback`;

const provider = await startTestProvider(
  (login) => {
    const email = (login.includes('@') ? login : `${login}@example.com`).toLowerCase();
    const name = email
      .split('@')[0]!
      .split(/[-._]+/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ');
    return { email, email_verified: true, name };
  },
  redirectUri,
  port,
);
console.log(`OpenID Connect test provider at ${provider.issuer} (client ${provider.clientId})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
