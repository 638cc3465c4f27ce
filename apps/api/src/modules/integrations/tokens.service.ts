import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenPage,
  type CreatedApiToken,
  type createApiTokenBodySchema,
} from '@guichet/shared/integrations';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sha256 } from '../../tokens';
import { recordAudit } from '../audit/audit.service';
import * as repository from './tokens.repository';

interface Actor {
  organizationId: string;
  staffId: string;
}

/** A secret of 256 random bits behind a recognisable prefix: `gch_` + 43 base64url characters. */
function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function toApiToken(row: repository.ApiTokenRow, now = Date.now()): ApiToken {
  const status = row.revokedAt
    ? 'revoked'
    : row.expiresAt && row.expiresAt.getTime() <= now
      ? 'expired'
      : 'active';
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    displayPrefix: row.displayPrefix,
    createdAt: row.createdAt.toISOString(),
    createdBy:
      row.createdByStaffId && row.createdByName
        ? { staffId: row.createdByStaffId, displayName: row.createdByName }
        : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    status,
  };
}

export async function listApiTokens(
  ctx: AppContext,
  params: { organizationId: string; limit: number; cursor?: string },
): Promise<ApiTokenPage> {
  const rows = await repository.listApiTokenRows(ctx.db, params);
  const page = rows.slice(0, params.limit);
  return {
    items: page.map((row) => toApiToken(row)),
    nextCursor: rows.length > params.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Creates a token; its secret is answered this once and kept only as its SHA-256. */
export async function createApiToken(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof createApiTokenBodySchema>,
): Promise<CreatedApiToken> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new AppError('argument-error', 'The expiry must be in the future.', {
      details: { 'body.expiresAt': 'must be in the future' },
    });
  }
  const secret = newApiTokenSecret();
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repository.insertApiToken(tx, {
      organizationId: actor.organizationId,
      name: body.name,
      permissions: body.permissions,
      tokenHash: sha256(secret),
      displayPrefix: secret.slice(0, API_TOKEN_PREFIX.length + 6),
      createdByStaffId: actor.staffId,
      expiresAt,
    });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorStaffId: actor.staffId,
      action: 'api-token.created',
      targetType: 'api-token',
      targetId: row.id,
      after: { name: body.name, permissions: body.permissions, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return row.id;
  });
  const row = await repository.findApiTokenRow(ctx.db, actor.organizationId, id);
  if (!row) throw new AppError('not-found', 'API token not found.');
  return { token: toApiToken(row), secret };
}

/**
 * Before a token's creation is answered again to a repeat of its Idempotency-Key: a token revoked or
 * expired since is not handed out again as if it were alive (410 `api-token-gone`); the key stays used,
 * so the repeat creates nothing either.
 */
export async function assertTokenStillAlive(
  ctx: AppContext,
  organizationId: string,
  answer: { status: number; body: string },
): Promise<void> {
  // A refusal stored as it was answered made nothing: it is given again as it is.
  if (answer.status !== 201) return;
  const answered = JSON.parse(answer.body) as Partial<CreatedApiToken>;
  const row = answered.token?.id
    ? await repository.findApiTokenRow(ctx.db, organizationId, answered.token.id)
    : undefined;
  if (!row || toApiToken(row).status !== 'active') {
    throw new AppError(
      'api-token-gone',
      'The API token made with this Idempotency-Key was revoked or has expired.',
    );
  }
}

/** Revokes a token at once (its next call gets 401); the row stays for the audit and the list. */
export async function revokeApiToken(ctx: AppContext, actor: Actor, tokenId: string): Promise<ApiToken> {
  await ctx.db.transaction(async (tx) => {
    const existing = await repository.findApiTokenRow(tx, actor.organizationId, tokenId);
    if (!existing) throw new AppError('not-found', 'API token not found.');
    if (await repository.revokeApiTokenRow(tx, actor.organizationId, tokenId)) {
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorStaffId: actor.staffId,
        action: 'api-token.revoked',
        targetType: 'api-token',
        targetId: tokenId,
        before: { name: existing.name },
      });
    }
  });
  const row = await repository.findApiTokenRow(ctx.db, actor.organizationId, tokenId);
  if (!row) throw new AppError('not-found', 'API token not found.');
  return toApiToken(row);
}
