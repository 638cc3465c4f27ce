import { pageQuerySchema } from '@guichet/shared/paging';
import {
  attendeeSearchQuerySchema,
  attendeeSearchSchema,
  checkinListSchema,
  checkinListsSchema,
  checkinLogPageSchema,
  checkinLogQuerySchema,
  conflictSchema,
  conflictsQuerySchema,
  conflictsSchema,
  createCheckinListBodySchema,
  resolveConflictBodySchema,
  undoAnswerSchema,
  undoBodySchema,
  updateCheckinListBodySchema,
} from '@guichet/shared/scan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, noContent, organizationHeaderSchema } from '../../http';
import { requireStaffId } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenancy';
import * as checkins from './checkins.service';
import type { HeadcountHub } from './headcount';
import * as lists from './lists.service';

// `:id` like the events routes, so the router sees one parameter name under /events.
const eventParams = z.object({ id: z.uuid() });
const listParams = z.object({ listId: z.uuid() });
const checkinParams = z.object({ checkinId: z.uuid() });
const conflictParams = z.object({ conflictId: z.uuid() });

/**
 * The back office's side of check-in (EVENT or ALL): lists, the log, undo, the conflict inbox and the
 * attendee search for manual check-in. SCAN-only staff get 403 here.
 */
export function checkinRoutes(ctx: AppContext, hub: HeadcountHub): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { tags: ['check-in'], security: [{ bearer: [] }], headers: organizationHeaderSchema };
    const org = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request).organizationId;

    app.get(
      '/events/:id/checkin-lists',
      {
        config: { access: 'checkinLists.list' },
        schema: {
          ...common,
          summary: 'The event’s check-in lists',
          params: eventParams,
          querystring: pageQuerySchema,
          response: { 200: checkinListsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => lists.eventLists(ctx, org(request), request.params.id, request.query),
    );

    app.post(
      '/events/:id/checkin-lists',
      {
        config: { access: 'checkinLists.create' },
        schema: {
          ...common,
          summary: 'Add a check-in list: ticket types, window, re-entry and multiple-entry options',
          params: eventParams,
          body: createCheckinListBodySchema,
          response: { 201: checkinListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await lists.createList(
              ctx,
              org(request),
              requireStaffId(request),
              request.params.id,
              request.body,
            ),
          ),
    );

    app.patch(
      '/checkin-lists/:listId',
      {
        config: { access: 'checkinLists.update' },
        schema: {
          ...common,
          summary: 'Change a check-in list',
          params: listParams,
          body: updateCheckinListBodySchema,
          response: { 200: checkinListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        lists.updateList(ctx, org(request), requireStaffId(request), request.params.listId, request.body),
    );

    app.delete(
      '/checkin-lists/:listId',
      {
        config: { access: 'checkinLists.delete' },
        schema: {
          ...common,
          summary: 'Remove a check-in list and its log',
          params: listParams,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await lists.deleteList(ctx, org(request), requireStaffId(request), request.params.listId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/events/:id/checkins',
      {
        config: { access: 'checkins.log' },
        schema: {
          ...common,
          summary: 'The event’s scans, newest first (cursor pages)',
          params: eventParams,
          querystring: checkinLogQuerySchema,
          response: { 200: checkinLogPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => checkins.logPage(ctx, org(request), request.params.id, request.query),
    );

    app.post(
      '/scan/checkins/:checkinId/undo',
      {
        config: { access: 'checkins.undo' },
        schema: {
          ...common,
          summary: 'Undo a check-in made by mistake (audited)',
          params: checkinParams,
          body: undoBodySchema.nullish(),
          response: { 200: undoAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        checkins.undo(
          ctx,
          hub,
          org(request),
          requireStaffId(request),
          request.params.checkinId,
          request.body?.reason,
        ),
    );

    app.get(
      '/events/:id/checkin-conflicts',
      {
        config: { access: 'checkinConflicts.list' },
        schema: {
          ...common,
          summary: 'Tickets admitted twice by offline scanners',
          params: eventParams,
          querystring: conflictsQuerySchema,
          response: { 200: conflictsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => checkins.listConflicts(ctx, org(request), request.params.id, request.query),
    );

    app.post(
      '/checkin-conflicts/:conflictId/resolve',
      {
        config: { access: 'checkinConflicts.resolve' },
        schema: {
          ...common,
          summary: 'Resolve a conflict, optionally undoing one of its two check-ins',
          params: conflictParams,
          body: resolveConflictBodySchema.nullish(),
          response: { 200: conflictSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        checkins.resolveConflict(
          ctx,
          hub,
          org(request),
          requireStaffId(request),
          request.params.conflictId,
          request.body ?? {},
        ),
    );

    app.get(
      '/events/:id/checkin-attendees',
      {
        config: { access: 'checkins.byHand' },
        schema: {
          ...common,
          summary: 'Find tickets by attendee or buyer name, or order code, for manual check-in',
          params: eventParams,
          querystring: attendeeSearchQuerySchema,
          response: { 200: attendeeSearchSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => checkins.searchAttendees(ctx, org(request), request.params.id, request.query),
    );
  };
}
