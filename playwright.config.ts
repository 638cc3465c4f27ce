import { defineConfig, devices } from '@playwright/test';
import { journeyWebDir } from './e2e/web-build';

const PORT = Number(process.env.E2E_PORT ?? 4100);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dataDir = `test-results/e2e-data-${PORT}`;
const web = journeyWebDir(PORT);
const buildWeb = web.prebuilt
  ? ''
  : `npx vite build apps/web --logLevel warn --outDir ${web.dir} --emptyOutDir && npx vite build apps/web --logLevel error --ssr src/app/prerender.tsx --outDir ${web.dir}-ssr --emptyOutDir && `;
// The OpenID Connect provider of the third-party sign-in journeys, on a port of its own per run.
// +1000, not a nearby port: 4190 (ManageSieve) is on the fetch standard's list of blocked ports, which Node and
// Chromium both refuse to connect to.
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 1000);
const oidcIssuer = `http://127.0.0.1:${OIDC_PORT}`;
// The fake Stripe of the card-payment journeys: +2000 (6100, 6200...: none on the blocked-ports list).
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? PORT + 2000);
const stripeUrl = `http://127.0.0.1:${STRIPE_PORT}`;
const stripe = { key: 'sk_test_guichet_e2e_0123456789', webhookSecret: 'whsec_guichet_e2e_0123456789' };
const oidcProviders = [
  {
    id: 'test',
    name: 'Test ID',
    issuer: oidcIssuer,
    // The client of apps/api/test/fakes/oidc-provider.ts.
    clientId: 'guichet-test',
    clientSecret: 'guichet-test-secret-0123456789',
  },
];

/**
 * Browser journeys against the real app: the production build served by the API on the embedded
 * database, in a fresh data directory, driven in Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: `test-results/playwright-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node --import tsx e2e/oidc-provider-server.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        OIDC_PROVIDER_PORT: String(OIDC_PORT),
        OIDC_REDIRECT_URI: `http://localhost:${PORT}/api/auth/oidc/test/callback`,
      },
    },
    {
      command: 'node --import tsx e2e/fake-stripe-server.ts',
      url: `${stripeUrl}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_STRIPE_PORT: String(STRIPE_PORT),
        FAKE_STRIPE_KEY: stripe.key,
        FAKE_STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        FAKE_STRIPE_WEBHOOK_URL: `http://localhost:${PORT}/api/payments/stripe/webhook`,
      },
    },
    {
      // Data per port, so several runs can share the machine without touching each other. The server's
      // drawing of the first pages beside the web build (`-ssr`), as `npm run build` makes it.
      command: `rm -rf ${dataDir} && ${buildWeb}node --import tsx apps/api/src/main.ts`,
      url: `http://localhost:${PORT}/api/health`,
      // Two builds (the app, the server's drawing of its first pages) and the demo data, on a busy machine.
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        WEB_DIST: web.dir,
        DATABASE_URL: '',
        SMTP_URL: '',
        DEV_MAILBOX: 'true',
        // The integrations journey's webhook receiver listens on 127.0.0.1.
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        PUBLIC_URL: `http://localhost:${PORT}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
        OIDC_PROVIDERS: JSON.stringify(oidcProviders),
        // No map tiles: browser tests never reach the internet.
        MAP_TILE_URL: '',
        // Card payments against the fake Stripe above; 5 % + €0.30 platform fee.
        STRIPE_SECRET_KEY: stripe.key,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripeUrl,
        STRIPE_PLATFORM_FEE_BPS: '500',
        STRIPE_PLATFORM_FEE_FIXED_MINOR: '30',
      },
    },
  ],
});
