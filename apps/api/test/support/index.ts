/**
 * What the browser journeys (e2e/) may use of the API besides HTTP: the fake servers they start beside
 * the app. Exported as `@guichet/api/test-support` (apps/api/package.json); lint keeps e2e/ to this entry.
 */
export { startTestProvider } from '../fakes/oidc-provider';
export { startFakeStripe } from '../fakes/stripe';
