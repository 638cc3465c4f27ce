import type { Permission } from '@guichet/shared/permissions';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { bearer, type TestContext } from './harness';
import { newShop, type Shop } from './orders';
import { addStaff, orgHeaders } from './teams';

/** One request of an endpoint under test, built from the fixture (ids of rows it made). */
export interface AccessCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object | string;
  /** For bodies that are not JSON (a CSV upload). */
  contentType?: string;
}

export interface AccessEndpoint<F> {
  call: (f: F) => AccessCall;
  /** The status a granted caller gets. */
  ok: number;
  /**
   * The status another organisation's admin gets making the same call in their own organisation: 404 (the
   * default) where the call names a row of the first organisation, the `ok` status for a list or a creation
   * of their own.
   */
  foreign?: number;
}

export interface AccessMatrix<F extends { shop: Shop }> {
  /** The test app, read lazily: it is made in the file's beforeAll. */
  context: () => TestContext;
  /** Makes a fresh organisation with the rows the calls name; every test gets its own. */
  fixture: () => Promise<F>;
  endpoints: Record<string, AccessEndpoint<F>>;
  granted: Permission[][];
  refused: Permission[][];
  /** Every row of the area in the organisation: equal before and after a refused call. */
  snapshot: (app: App, organizationId: string) => Promise<unknown>;
  /** Ids of the fixture's rows that no list of another organisation may show. */
  hidden?: (f: F) => string[];
}

/**
 * The access rules of an area as a table: each endpoint is granted to the listed permissions, refused with
 * 403 `forbidden` to the others and to another organisation's staff with nothing changed, and asks for a
 * token and an organisation. One shape for every module's access tests.
 */
export function describeAccessMatrix<F extends { shop: Shop }>(matrix: AccessMatrix<F>) {
  const app = () => matrix.context().app;
  const snapshot = (f: F) => matrix.snapshot(app(), f.shop.organizationId);

  describe.each(Object.entries(matrix.endpoints))('%s', (_, { call, ok, foreign = 404 }) => {
    const send = (f: F, headers: Record<string, string>) => {
      const { contentType, ...request } = call(f);
      return app().inject({
        ...request,
        headers: { ...headers, ...(contentType && { 'content-type': contentType }) },
      });
    };
    const as = (f: F, accessToken: string, organizationId: string) =>
      send(f, orgHeaders(accessToken, organizationId));

    it.each(matrix.granted)('is granted to %s staff', async (...permissions) => {
      const f = await matrix.fixture();
      const caller = await addStaff(app(), f.shop.organizationId, permissions);
      const response = await as(f, caller.accessToken, f.shop.organizationId);
      expect(response.statusCode, response.body).toBe(ok);
    });

    it.each(matrix.refused)('is refused to %s staff, changing nothing', async (...permissions) => {
      const f = await matrix.fixture();
      const caller = await addStaff(app(), f.shop.organizationId, permissions);
      const before = await snapshot(f);
      const response = await as(f, caller.accessToken, f.shop.organizationId);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
      expect(await snapshot(f)).toEqual(before);
    });

    it('is refused to another organisation’s staff, changing nothing; their own organisation does not see it', async () => {
      const f = await matrix.fixture();
      const outsider = await newShop(app());
      const before = await snapshot(f);
      const asForeign = await as(f, outsider.admin.accessToken, f.shop.organizationId);
      expect(asForeign.statusCode, asForeign.body).toBe(403);
      const asOwn = await as(f, outsider.admin.accessToken, outsider.organizationId);
      expect(asOwn.statusCode, asOwn.body).toBe(foreign);
      if (foreign === 404) expect(asOwn.json().error.code).toBe('not-found');
      else for (const id of matrix.hidden?.(f) ?? []) expect(asOwn.body).not.toContain(id);
      expect(await snapshot(f)).toEqual(before);
    });

    it('asks for a token and an organisation', async () => {
      const f = await matrix.fixture();
      const anonymous = await send(f, { 'x-organization-id': f.shop.organizationId });
      expect(anonymous.statusCode).toBe(401);
      const noOrganization = await send(f, bearer(f.shop.admin.accessToken));
      expect(noOrganization.statusCode).toBe(400);
      expect(noOrganization.json().error.code).toBe('organization-required');
    });
  });
}
