import { accountCodesBodySchema, accountCodesSchema } from '@guichet/shared/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import { accountCodes, saveAccountCodes } from './account-codes.service';

const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;

/** The journal's account codes: ALL or FINANCE. */
export function accountCodesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['finances'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    app.get(
      '/finances/account-codes',
      {
        config: { access: 'finances.accountCodes' },
        schema: {
          ...common,
          summary: 'The account codes the journal CSV uses, and the defaults (French chart)',
          response: { 200: accountCodesSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => accountCodes(ctx, org(request)),
    );
    app.put(
      '/finances/account-codes',
      {
        config: { access: 'finances.saveAccountCodes' },
        schema: {
          ...common,
          summary: 'Set the journal’s account codes, from the first open day on (closed periods keep theirs)',
          body: accountCodesBodySchema,
          response: { 200: accountCodesSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => saveAccountCodes(ctx, org(request), requireStaffId(request), request.body),
    );
  };
}
