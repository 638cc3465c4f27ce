import type { Page } from '@guichet/shared/paging';

/** The largest page the API gives (paging.ts's `max`). */
export const LARGEST_PAGE = 100;

/** `path?limit=&cursor=`, keeping a query the path already has. */
export function pagePath(path: string, limit: number, cursor: string | null): string {
  const search = new URLSearchParams({ limit: String(limit) });
  if (cursor) search.set('cursor', cursor);
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/**
 * Every item of a list, one bounded page after the other. For pickers only (a select offers every option,
 * and their lists stay short: events, member lists, check-in lists); a list people read pages with "Load more".
 */
export async function readAllPages<Item>(
  readPage: (cursor: string | null) => Promise<Page<Item>>,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Item> = await readPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
