#!/usr/bin/env node
// The Node.js flags `npm start` gives the API (package.json: `node $(node scripts/start-flags.mjs) ...`),
// chosen by its database as the API will choose it: DATABASE_URL set and not empty means PostgreSQL
// (apps/api/src/config.ts). Run as a script, it prints them on one line; the benches and tests import it.
//
// Both sets cap the old generation at 512 MB, so V8 collects before the heap grows to four times what is
// alive (decision 038).
// - PostgreSQL: a 64 MB young generation (two 32 MB semi-spaces): fewer young collections, each a pause
//   for every request in flight, for the scanner's p99 at 64 scanners (decision 038, bench/README.md).
// - The embedded database (PGlite) runs inside the API process, its memory on top of the API's, and
//   serves one statement at a time: a 16 MB young generation (8 MB semi-spaces) and two V8 helper threads
//   instead of four (each thread kept the native memory of the compilations it had run, PGlite's among
//   them). Together about 75 MB less resident at the peaks of a 50,000-row import and a 20,000-recipient
//   mailing; the import's CPU within the noise, the mailing's up to a tenth more (decision 043).
import { pathToFileURL } from 'node:url';

const OLD_GENERATION = '--max-old-space-size=512';

/** The flags for a process whose environment is `env`. */
export function startFlags(env = process.env) {
  if (env.DATABASE_URL) return ['--max-semi-space-size=32', OLD_GENERATION];
  return ['--max-semi-space-size=8', OLD_GENERATION, '--v8-pool-size=2'];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(startFlags().join(' '));
}
