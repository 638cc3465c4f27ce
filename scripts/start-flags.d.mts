/** The Node.js flags `npm start` gives the API for the database `env` names (see start-flags.mjs). */
export function startFlags(env?: NodeJS.ProcessEnv | Record<string, string | undefined>): string[];
