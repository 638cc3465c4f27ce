import { pageQuerySchema } from '@guichet/shared/paging';
import {
  createInvitationBodySchema,
  invitationAcceptedSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  listMembersQuerySchema,
  teamMemberDetailSchema,
  teamMemberPageSchema,
  teamMemberSchema,
  updateMemberBodySchema,
} from '@guichet/shared/teams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, noContent, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as service from './teams.service';

/** Documented for OpenAPI; the tenancy check reads and validates the header itself. */
const staffParamsSchema = z.object({ staffId: z.uuid() });
const invitationParamsSchema = z.object({ id: z.uuid() });
const auditQuerySchema = z.object({
  auditLimit: z.coerce.number().int().min(1).max(100).default(50),
  auditCursor: z.uuid().optional(),
});

/** `/teams` (ALL only) and the invitee's side of an invitation (`/invitations/:token`). */
export function teamsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['teams'], security: [{ bearer: [] }], headers: organizationHeaderSchema };

    app.get(
      '/teams/members',
      {
        config: { access: 'teams.members' },
        schema: {
          ...common,
          summary: 'The organisation’s staff, searchable and sortable',
          querystring: listMembersQuerySchema,
          response: { 200: teamMemberPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.listMembers(ctx, requireTenant(request).organizationId, request.query),
    );

    app.get(
      '/teams/members/:staffId',
      {
        config: { access: 'teams.member' },
        schema: {
          ...common,
          summary: 'One staff member with the audit entries about them',
          params: staffParamsSchema,
          querystring: auditQuerySchema,
          response: { 200: teamMemberDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.getMember(ctx, requireTenant(request).organizationId, request.params.staffId, {
          limit: request.query.auditLimit,
          cursor: request.query.auditCursor,
        }),
    );

    app.patch(
      '/teams/members/:staffId',
      {
        config: { access: 'teams.updateMember' },
        schema: {
          ...common,
          summary: 'Change a staff member’s permissions (the last ALL holder cannot be demoted)',
          params: staffParamsSchema,
          body: updateMemberBodySchema,
          response: { 200: teamMemberSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.updateMemberPermissions(
          ctx,
          requireTenant(request).organizationId,
          requireStaffId(request),
          request.params.staffId,
          request.body.permissions,
        ),
    );

    app.delete(
      '/teams/members/:staffId',
      {
        config: { access: 'teams.removeMember' },
        schema: {
          ...common,
          summary: 'Remove a staff member from the organisation (never the last ALL holder)',
          params: staffParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await service.removeMember(
          ctx,
          requireTenant(request).organizationId,
          requireStaffId(request),
          request.params.staffId,
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/teams/invitations',
      {
        config: { access: 'teams.invitations' },
        schema: {
          ...common,
          summary: 'Pending invitations (expired ones included until resent or revoked), newest first',
          querystring: pageQuerySchema,
          response: { 200: invitationListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.listInvitations(ctx, requireTenant(request).organizationId, request.query),
    );

    app.post(
      '/teams/invitations',
      {
        config: { access: 'teams.invite' },
        schema: {
          ...common,
          summary: 'Invite someone by e-mail with a set of permissions',
          body: createInvitationBodySchema,
          response: { 201: invitationSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const invitation = await service.createInvitation(
          ctx,
          requireTenant(request).organizationId,
          requireStaffId(request),
          request.body,
        );
        return reply.code(201).send(invitation);
      },
    );

    app.post(
      '/teams/invitations/:id/resend',
      {
        config: { access: 'teams.resendInvitation' },
        schema: {
          ...common,
          summary: 'Send the invitation again with a new link (the old one stops working)',
          params: invitationParamsSchema,
          response: { 200: invitationSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.resendInvitation(
          ctx,
          requireTenant(request).organizationId,
          requireStaffId(request),
          request.params.id,
        ),
    );

    app.delete(
      '/teams/invitations/:id',
      {
        config: { access: 'teams.revokeInvitation' },
        schema: {
          ...common,
          summary: 'Revoke a pending invitation',
          params: invitationParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.revokeInvitation(
          ctx,
          requireTenant(request).organizationId,
          requireStaffId(request),
          request.params.id,
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/invitations/:token',
      {
        config: { access: 'invitations.preview' },
        schema: {
          tags: ['teams'],
          summary: 'What an invitation offers (public: the token is the credential)',
          params: invitationTokenParamsSchema,
          response: { 200: invitationPreviewSchema, ...errorResponses(400, 404, 410, 429) },
        },
      },
      async (request) => service.previewInvitation(ctx, request.params.token, request.ip),
    );

    app.post(
      '/invitations/:token/accept',
      {
        config: { access: 'invitations.accept' },
        schema: {
          tags: ['teams'],
          security: [{ bearer: [] }],
          summary: 'Join the organisation (the signed-in e-mail must be the invited one)',
          params: invitationTokenParamsSchema,
          response: { 200: invitationAcceptedSchema, ...errorResponses(400, 401, 404, 409, 410, 429) },
        },
      },
      async (request) =>
        service.acceptInvitation(ctx, requireStaffId(request), request.params.token, request.ip),
    );
  };
}
