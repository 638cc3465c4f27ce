/**
 * The customers area's fixed values, without zod, so the web pages that need only these (sort and filter
 * menus) do not download the schemas.
 */
export const CUSTOMER_SORTS = ['lastSeen', 'firstSeen', 'name', 'email'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CONSENT_FILTERS = ['granted', 'withdrawn', 'none'] as const;
export const CONSENT_SOURCES = ['checkout', 'staff', 'import'] as const;
export const CUSTOMER_LANGUAGES = ['en', 'fr'] as const;
