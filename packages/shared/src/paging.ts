import { z } from 'zod';

/**
 * The one shape of a list that can grow (PRODUCT.md's API contract): `?limit=&cursor=` in, `{ items, nextCursor }`
 * out. `nextCursor` is null on the last page; a cursor is opaque and only valid for the list that gave it.
 */

/** `limit` (1 to `max`, `defaultLimit` when absent) and `cursor`, to spread into a list's query schema. */
export function pageQueryFields(defaultLimit = 50, max = 100) {
  return {
    limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
    cursor: z.string().max(500).optional(),
  };
}

/** A page's query when the list takes no other parameter. */
export const pageQuerySchema = z.object(pageQueryFields());
export type PageQuery = z.input<typeof pageQuerySchema>;

/** A page of `item`. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}
