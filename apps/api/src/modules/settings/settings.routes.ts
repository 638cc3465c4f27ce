import {
  companySettingsResultSchema,
  companySettingsSchema,
  LOGO_MAX_BYTES,
  patchCompanySettingsBodySchema,
  patchSecuritySettingsBodySchema,
  securitySettingsResultSchema,
  securitySettingsSchema,
  settingsOverviewSchema,
} from '@guichet/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { errorResponses, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as service from './settings.service';

/** Documented for OpenAPI; the tenancy check reads and validates the header itself. */

/** `/api/settings/*`: the organisation's settings, for ALL holders only. */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['settings'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const actor = (request: Parameters<typeof requireTenant>[0]) => ({
      organizationId: requireTenant(request).organizationId,
      staffId: requireStaffId(request),
    });

    // Logo uploads are the raw bytes of the image (its type in Content-Type); any type is read here
    // as bytes so that the handler, not the parser, answers 415 for what it does not accept.
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.get(
      '/settings/overview',
      {
        config: { access: 'settings.overview' },
        schema: {
          ...common,
          summary: 'Everything the settings hub shows',
          response: { 200: settingsOverviewSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        service.getOverview(ctx, requireTenant(request).organizationId, requireStaffId(request)),
    );

    app.get(
      '/settings/company',
      {
        config: { access: 'settings.company' },
        schema: {
          ...common,
          summary: 'The company settings',
          response: { 200: companySettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.getCompany(ctx, requireTenant(request).organizationId),
    );

    app.patch(
      '/settings/company',
      {
        config: { access: 'settings.updateCompany' },
        schema: {
          ...common,
          summary: 'Change company settings; answers the saved settings and the fields that changed',
          body: patchCompanySettingsBodySchema,
          response: { 200: companySettingsResultSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.updateCompany(ctx, actor(request), request.body),
    );

    app.put(
      '/settings/company/logo',
      {
        config: { access: 'settings.uploadLogo' },
        bodyLimit: LOGO_MAX_BYTES,
        schema: {
          ...common,
          summary: 'Upload the logo: the raw bytes of a PNG, JPEG or WebP image of at most 2 MiB',
          response: { 200: companySettingsResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('unsupported-file-type', 'Send the image bytes with their image type.');
        }
        return service.uploadLogo(ctx, actor(request), {
          bytes: request.body,
          declaredType: request.headers['content-type'],
        });
      },
    );

    app.delete(
      '/settings/company/logo',
      {
        config: { access: 'settings.deleteLogo' },
        schema: {
          ...common,
          summary: 'Remove the logo',
          response: { 200: companySettingsResultSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.removeLogo(ctx, actor(request)),
    );

    app.get(
      '/settings/security',
      {
        config: { access: 'settings.security' },
        schema: {
          ...common,
          summary: 'Security settings of the organisation',
          response: { 200: securitySettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.getSecurity(ctx, requireTenant(request).organizationId),
    );

    app.patch(
      '/settings/security',
      {
        config: { access: 'settings.updateSecurity' },
        schema: {
          ...common,
          summary: 'Require two-factor sign-in for the staff of the organisation, or not',
          body: patchSecuritySettingsBodySchema,
          response: { 200: securitySettingsResultSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.updateSecurity(ctx, actor(request), request.body),
    );
  };
}
