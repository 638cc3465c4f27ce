declare const GUICHET_BUILD: boolean | undefined;

/**
 * Whether this code runs from the build (`apps/api/dist/*.mjs`, made by `scripts/build-api.mjs`, which
 * defines GUICHET_BUILD) or from the TypeScript sources (development and tests, through tsx or Vitest).
 * The build puts every entry in one folder with the files they need (migrations, workers), so the few
 * places that locate a file beside their own code ask this first.
 */
export const runsFromBuild = typeof GUICHET_BUILD !== 'undefined' && GUICHET_BUILD;
