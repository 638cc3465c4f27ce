import { Readable } from 'node:stream';
import {
  addMembersBodySchema,
  addNoteBodySchema,
  bulkTagBodySchema,
  createMemberListBodySchema,
  customerDetailSchema,
  customerEventOptionPageSchema,
  customerPageSchema,
  exportCustomersQuerySchema,
  listCustomersQuerySchema,
  listHistoryPageSchema,
  listMembersQuerySchema,
  memberListPageSchema,
  memberListSchema,
  memberPageSchema,
  recordConsentBodySchema,
  updateCustomerBodySchema,
  updateMemberListBodySchema,
} from '@guichet/shared/customers';
import { pageQuerySchema } from '@guichet/shared/paging';
import { API_ACCESS } from '@guichet/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, noContent, organizationHeaderSchema } from '../../http';
import { requireClaims, requireStaffId } from '../../plugins/auth';
import { organizationIdOf, requireTenant } from '../../plugins/tenancy';
import * as service from './customers.service';
import { exportCustomers } from './customers-export';
import * as lists from './member-lists.service';

const customerParams = z.object({ customerId: z.uuid() });
const listParams = z.object({ listId: z.uuid() });
const memberParams = z.object({ listId: z.uuid(), customerId: z.uuid() });

/** Customers and member lists: ALL or MEMBER (PRODUCT.md). */
export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['customers'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;

    app.get(
      '/customers',
      {
        // The busiest read of the back office: the membership is read in the page's own statement
        // (decision 042), so a page is one statement and one round trip.
        config: { access: 'customers.list', membershipReadByHandler: true },
        schema: {
          ...common,
          summary: 'Customers: search by name, e-mail or order code, filters, sort, cursor pages',
          querystring: listCustomersQuerySchema,
          response: { 200: customerPageSchema, ...errorResponses(400, 401, 403) },
        },
        // The page is built field by field as its typed schema says (as the events list): checking fifty
        // customers again on the way out was CPU the bare baseline does not spend. Errors still go through
        // the error handler's own serialisation.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => {
        // An API token was admitted by the guard, with its organisation and permissions.
        if (request.apiTokenId) return service.listCustomers(ctx, org(request), request.query);
        return service.listCustomers(ctx, organizationIdOf(request), request.query, {
          claims: requireClaims(request),
          access: API_ACCESS['customers.list'],
        });
      },
    );

    app.get(
      '/customers/export',
      {
        config: { access: 'customers.export' },
        schema: {
          ...common,
          summary: 'The filtered customers as CSV (French: semicolons and decimal commas)',
          querystring: exportCustomersQuerySchema,
          // A CSV stream: sent as it is, never serialised.
          response: { 200: z.unknown().describe('text/csv'), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const lines = await exportCustomers(ctx, org(request), request.query);
        return reply
          .header('content-disposition', 'attachment; filename="customers.csv"')
          .header('cache-control', 'no-store')
          .type('text/csv; charset=utf-8')
          .send(Readable.from(lines));
      },
    );

    app.post(
      '/customers/tags',
      {
        config: { access: 'customers.tag' },
        schema: {
          ...common,
          summary: 'Add and remove tags on selected customers',
          body: bulkTagBodySchema,
          response: { 200: z.object({ updated: z.number().int() }), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.retagCustomers(ctx, org(request), requireStaffId(request), request.body),
    );

    app.get(
      '/customers/events',
      {
        config: { access: 'customers.events' },
        schema: {
          ...common,
          summary: 'The organisation’s events (newest first), to filter customers by event',
          querystring: pageQuerySchema,
          response: { 200: customerEventOptionPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.eventOptions(ctx, org(request), request.query),
    );

    app.get(
      '/customers/:customerId',
      {
        config: { access: 'customers.read' },
        schema: {
          ...common,
          summary:
            'A customer with totals, lists, consent history and timeline (a merged id answers the kept one)',
          params: customerParams,
          response: { 200: customerDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.getCustomer(ctx, org(request), request.params.customerId),
    );

    app.patch(
      '/customers/:customerId',
      {
        config: { access: 'customers.update' },
        schema: {
          ...common,
          summary: 'Edit a customer’s name, phone, language, tags and notes (audited)',
          params: customerParams,
          body: updateCustomerBodySchema,
          response: { 200: customerDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.updateCustomer(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.customerId,
          request.body,
        ),
    );

    app.post(
      '/customers/:customerId/notes',
      {
        config: { access: 'customers.addNote' },
        schema: {
          ...common,
          summary: 'Write a note on a customer’s timeline',
          params: customerParams,
          body: addNoteBodySchema,
          response: { 200: customerDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.addNote(ctx, org(request), requireStaffId(request), request.params.customerId, request.body),
    );

    app.post(
      '/customers/:customerId/consents',
      {
        config: { access: 'customers.recordConsent' },
        schema: {
          ...common,
          summary: 'Record marketing consent given or withdrawn, with its wording (appended to the history)',
          params: customerParams,
          body: recordConsentBodySchema,
          response: { 200: customerDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.recordConsent(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.customerId,
          request.body,
        ),
    );

    app.get(
      '/member-lists',
      {
        config: { access: 'memberLists.list' },
        schema: {
          ...common,
          summary: 'The organisation’s member lists with their member counts, by name',
          querystring: pageQuerySchema,
          response: { 200: memberListPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => lists.memberLists(ctx, org(request), request.query),
    );

    app.post(
      '/member-lists',
      {
        config: { access: 'memberLists.create' },
        schema: {
          ...common,
          summary: 'Create a member list',
          body: createMemberListBodySchema,
          response: { 201: memberListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await lists.createMemberList(ctx, org(request), requireStaffId(request), request.body)),
    );

    app.patch(
      '/member-lists/:listId',
      {
        config: { access: 'memberLists.update' },
        schema: {
          ...common,
          summary: 'Rename a member list or change its description',
          params: listParams,
          body: updateMemberListBodySchema,
          response: { 200: memberListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        lists.updateMemberList(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.listId,
          request.body,
        ),
    );

    app.get(
      '/member-lists/:listId/members',
      {
        config: { access: 'memberLists.members' },
        schema: {
          ...common,
          summary: 'A list’s members with their validity windows (cursor pages)',
          params: listParams,
          querystring: listMembersQuerySchema,
          response: { 200: memberPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => lists.listMembers(ctx, org(request), request.params.listId, request.query),
    );

    app.post(
      '/member-lists/:listId/members',
      {
        config: { access: 'memberLists.addMembers' },
        schema: {
          ...common,
          summary: 'Add customers by id, by e-mail or by filter, with an optional validity window',
          params: listParams,
          body: addMembersBodySchema,
          response: {
            200: z.object({ added: z.number().int(), changed: z.number().int() }),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        lists.addMembers(ctx, org(request), requireStaffId(request), request.params.listId, request.body),
    );

    app.delete(
      '/member-lists/:listId/members/:customerId',
      {
        config: { access: 'memberLists.removeMember' },
        schema: {
          ...common,
          summary: 'Take a customer off a list (kept in the list’s history)',
          params: memberParams,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await lists.removeMember(
          ctx,
          org(request),
          requireStaffId(request),
          request.params.listId,
          request.params.customerId,
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/member-lists/:listId/history',
      {
        config: { access: 'memberLists.history' },
        schema: {
          ...common,
          summary: 'Who added or removed whom on a list, and when (newest first)',
          params: listParams,
          querystring: pageQuerySchema,
          response: { 200: listHistoryPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => lists.listHistory(ctx, org(request), request.params.listId, request.query),
    );
  };
}
