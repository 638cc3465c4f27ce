/**
 * The customers area's fixed values, without zod, so the web pages that need only these (sort and filter
 * menus) do not download the schemas.
 */
export const CUSTOMER_SORTS = ['lastSeen', 'firstSeen', 'name', 'email'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CONSENT_FILTERS = ['granted', 'withdrawn', 'none'] as const;
export const CONSENT_SOURCES = ['checkout', 'staff', 'import', 'unsubscribe'] as const;
export const CUSTOMER_LANGUAGES = ['en', 'fr'] as const;

/**
 * The sentence beside the checkout's marketing box, as the buyer reads it; the server records the same
 * words with the consent, so the history says exactly what was agreed to.
 */
export function checkoutConsentWording(locale: string, organizer: string): string {
  return locale === 'fr'
    ? `J’accepte de recevoir par e-mail des nouvelles de ${organizer} sur ses prochains événements. Je peux me désinscrire à tout moment.`
    : `I agree to hear from ${organizer} by e-mail about their future events. I can unsubscribe at any time.`;
}
