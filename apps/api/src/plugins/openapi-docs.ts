import { API_ACCESS, type ApiAction } from '@guichet/shared/permissions';
import type { FastifySchema, RouteOptions } from 'fastify';
import { honoursIdempotencyKey, IDEMPOTENCY_HEADER } from './idempotency';
import { isEmptyBody, type JsonSchema, withExample } from './openapi-examples';

/**
 * The OpenAPI document's words for each operation (decision 034), derived from what a route already
 * declares rather than written twice: its `operationId` is its `API_ACCESS` entry (camel-cased, with the
 * method when one entry serves several routes), and its description is its summary, who may call it (from
 * the same entry the server enforces) and the errors its response schema lists. A route may still give
 * its own `description`; it then comes first.
 */

const STATUS_WORDS: Record<string, string> = {
  '400': 'the input is not valid (`argument-error` with details per field) or a rule refuses it',
  '401': 'no valid session or API token (`unauthenticated`, `token-expired`)',
  '403': 'the caller may not do this in this organisation (`forbidden`, `two-factor-required`)',
  '404': 'not found in this organisation (a foreign one answers the same)',
  '409': 'a conflict with the current state (e.g. a concurrent change)',
  '410': 'what the request names is gone (see the error code)',
  '413': 'the body is too large',
  '415': 'the content type is not accepted',
  '422': 'the request is understood but cannot be carried out',
  '429': 'too many requests; `Retry-After` says when to try again',
  '502': 'an outside service (payments, mail) did not answer as expected',
  '503': 'not ready, or a needed service is not configured',
};

function whoMayCall(action: ApiAction): string {
  const access = API_ACCESS[action];
  switch (access.kind) {
    case 'public':
      return 'Anyone; no credentials.';
    case 'signed-in':
      return 'A signed-in staff member (session token); API tokens are not accepted.';
    case 'staff':
      return 'Any staff member of the organisation named by `X-Organization-ID`, or an API token of that organisation.';
    case 'permission':
      return `A staff member holding ${access.anyOf.map((permission) => `\`${permission}\``).join(' or ')} in the organisation named by \`X-Organization-ID\`, or an API token of that organisation with one of them.`;
  }
}

function errorsOf(schema: FastifySchema): string[] {
  const response = (schema as { response?: Record<string, unknown> }).response ?? {};
  return Object.keys(response)
    .filter((status) => /^[45]\d\d$/.test(status))
    .sort()
    .map((status) => `- **${status}**: ${STATUS_WORDS[status] ?? 'see the error code in the body'}.`);
}

/** Adds `operationId` and `description` to a route's schema as the OpenAPI document shows it. */
export class OperationDocs {
  /** Which routes each entry serves, so that an entry serving several gets the method in its ids. */
  private readonly routesOfAction = new Map<string, Set<string>>();

  /** Called for every route as it is registered (before the document is built). */
  noteRoute(route: RouteOptions): void {
    const action = route.config?.access;
    if (!action) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const routes = this.routesOfAction.get(action) ?? new Set<string>();
    for (const method of methods) if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
    this.routesOfAction.set(action, routes);
  }

  operationIdOf(action: ApiAction, method: string, url: string): string {
    const base = action.replace(/\.(\w)/g, (_match, letter: string) => letter.toUpperCase());
    const routes = this.routesOfAction.get(action);
    if (!routes || routes.size <= 1) return base;
    // An entry behind several routes: the method, then the path's last fixed segment, tell them apart.
    const methods = new Set([...routes].map((route) => route.split(' ')[0]));
    const sameMethod = [...routes].filter((route) => route.startsWith(`${method} `)).length;
    let id = methods.size > 1 ? `${base}${method[0]}${method.slice(1).toLowerCase()}` : base;
    if (sameMethod > 1 || methods.size === 1) {
      const segment = url
        .split('/')
        .filter((part) => part && !part.startsWith(':') && part !== 'api')
        .at(-1);
      id += segment
        ? segment
            .replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c?: string) => (c ?? '').toUpperCase())
            .replace(/^\w/, (c) => c.toUpperCase())
        : '';
    }
    return id;
  }

  document(schema: FastifySchema, route: RouteOptions, url: string): FastifySchema {
    const action = route.config?.access;
    if (!action || !Object.hasOwn(API_ACCESS, action)) return schema;
    const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';
    const own = schema as { summary?: string; description?: string; operationId?: string };
    const parts = [
      own.description ?? (own.summary ? `${own.summary}.` : ''),
      `**Who may call it:** ${whoMayCall(action)}`,
    ];
    const errors = errorsOf(schema);
    if (errors.length > 0)
      parts.push(`**Errors** (body \`{ error: { code, message, details? } }\`):\n${errors.join('\n')}`);
    const keyed = honoursIdempotencyKey(route);
    if (keyed) parts.push(idempotencyWords(route));
    return {
      ...withExamples(schema),
      ...(keyed ? { headers: withIdempotencyHeader(schema) } : {}),
      operationId: own.operationId ?? this.operationIdOf(action, method, url),
      description: parts.filter(Boolean).join('\n\n'),
    } as FastifySchema;
  }
}

function idempotencyWords(route: RouteOptions): string {
  const options = route.config?.idempotency || {};
  const words = [
    '**Idempotency-Key:** send a unique key (8 to 200 printable characters) to retry safely: the same key with the same body within 24 hours answers the first answer again (`Idempotent-Replayed: true`) without acting twice; with another body 422 `idempotency-key-reused`; while the first has not answered 409 `idempotency-in-flight`.',
  ];
  if (options.streamedBody) {
    words.push(
      'The body is hashed as it is read: a repeat sends the same bytes again and gets the same answer (the same job), or 422 when they differ.',
    );
  }
  if (options.sealedAnswer) {
    words.push(
      'The answer shows a secret once: it is kept encrypted under a key derived from the Idempotency-Key itself, so send an unguessable one (a random UUID). Once what it made is gone (a token revoked or expired), a repeat answers 410 `api-token-gone`.',
    );
  }
  return words.join(' ');
}

/** The request body and every success answer with a body, each with an example. */
function withExamples(schema: FastifySchema): FastifySchema {
  const own = schema as { body?: JsonSchema; response?: Record<string, JsonSchema> };
  const response = own.response
    ? Object.fromEntries(
        Object.entries(own.response).map(([status, answer]) => [
          status,
          /^2\d\d$/.test(status) && !isEmptyBody(answer) ? withExample(answer) : answer,
        ]),
      )
    : undefined;
  return {
    ...schema,
    ...(own.body ? { body: withExample(own.body) } : {}),
    ...(response ? { response } : {}),
  } as FastifySchema;
}

function withIdempotencyHeader(schema: FastifySchema): JsonSchema {
  const headers = ((schema as { headers?: JsonSchema }).headers ?? {}) as JsonSchema;
  return {
    ...headers,
    type: 'object',
    properties: {
      ...headers.properties,
      [IDEMPOTENCY_HEADER]: {
        type: 'string',
        minLength: 8,
        maxLength: 200,
        pattern: '^[\\x21-\\x7e]+$',
        examples: ['2f0d9c4e-3b7a-4c55-9e1f-8a6b5d4c3e21'],
      },
    },
  };
}
