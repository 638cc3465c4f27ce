import path from 'node:path';

/**
 * The web build the journeys' servers serve. `npm test` has just made the production build and names it
 * (E2E_WEB_DIST): the journeys serve that one rather than building the app twice more. A run on its own
 * builds per port, so several runs can share the machine.
 */
export function journeyWebDir(port: number): { dir: string; prebuilt: boolean } {
  const built = process.env.E2E_WEB_DIST;
  return built
    ? { dir: path.resolve(built), prebuilt: true }
    : { dir: path.resolve(`test-results/e2e-web-${port}`), prebuilt: false };
}
