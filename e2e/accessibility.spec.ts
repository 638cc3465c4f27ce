import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support';

// Every page of the back office, as the demo's administrator sees it with the demo's data, checked by axe:
// no serious or critical violation anywhere (the journeys check the pages they walk through as well).

async function seriousViolations(page: Page) {
  // A mailing's preview is the organiser's own message in a sandboxed frame, not the back office's page.
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The first link of the page whose address matches (once the list has loaded), to reach a detail page. */
async function firstLinkTo(page: Page, pattern: RegExp): Promise<string> {
  let href: string | undefined;
  await expect
    .poll(
      async () => {
        const hrefs = await page
          .locator('a[href]')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        href = hrefs.find((candidate) => pattern.test(candidate));
        return href;
      },
      { message: `a link matching ${pattern}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return href as string;
}

const PAGES = [
  '/',
  '/events',
  '/events/create',
  '/customers',
  '/customers/list',
  '/customers/mailings',
  '/customers/mailings/new',
  '/finances',
  '/finances/payouts',
  '/acquisition',
  '/teams',
  '/teams/add',
  '/settings',
  '/settings/company',
  '/settings/integrations',
  '/profile',
  '/edit-password',
];
/** Detail pages, reached through their list's own links: the list, and the pattern of its links. */
const DETAILS: [string, RegExp][] = [
  ['/events', /^\/events\/[0-9a-f-]{36}$/],
  ['/customers', /^\/customers\/[0-9a-f-]{36}$/],
  ['/customers/mailings', /^\/customers\/mailings\/[0-9a-f-]{36}$/],
  ['/teams', /^\/teams\/[0-9a-f-]{36}$/],
];

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  // The page's data has arrived once its loaders are gone (the dashboard's stream never goes idle).
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
}

test.describe('no serious axe violation on any back-office page', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.name}` })).toBeVisible();
  });

  for (const path of PAGES) {
    test(path, async ({ page }) => {
      await visit(page, path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const [list, pattern] of DETAILS) {
    test(`a detail page from ${list}`, async ({ page }) => {
      await visit(page, list);
      await visit(page, await firstLinkTo(page, pattern));
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
