import { uuidv7 } from '@guichet/db/ids';
import {
  type CompanySettings,
  type CompanySettingsResult,
  LOGO_MAX_BYTES,
  type PatchCompanySettingsBody,
  type SecuritySettingsResult,
  type SettingsOverview,
} from '@guichet/shared/settings';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { storageFor } from '../../storage/create-storage';
import type { StoredObject } from '../../storage/storage';
import { recordAudit } from '../audit/audit.service';
import { detectImageType, isAcceptableDeclaredType } from './logo';
import * as repository from './settings.repository';

/** The editable company fields, in the order of the form (and of the `changed` lists). */
export const COMPANY_FIELDS = [
  'name',
  'legalName',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'city',
  'country',
  'vatNumber',
  'contactEmail',
  'defaultCurrency',
  'timeZone',
  'offlinePaymentInstructions',
] as const;
type CompanyFieldName = (typeof COMPANY_FIELDS)[number];

function notFound(): AppError {
  return new AppError('object-not-found', 'The file could not be found.');
}

function forbidden(): AppError {
  return new AppError('forbidden', 'You do not have access to this organisation or action.');
}

async function loadCompany(ctx: AppContext, organizationId: string) {
  const row = await repository.findCompany(ctx.db, organizationId);
  if (!row) throw forbidden();
  return row;
}

function toCompanySettings(row: NonNullable<repository.CompanyRow>): CompanySettings {
  return {
    name: row.name,
    legalName: row.legalName,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    vatNumber: row.vatNumber,
    contactEmail: row.contactEmail,
    defaultCurrency: row.defaultCurrency,
    timeZone: row.timeZone,
    offlinePaymentInstructions: row.offlinePaymentInstructions,
    logo:
      row.logoFileId && row.logoContentType
        ? {
            fileId: row.logoFileId,
            contentType: row.logoContentType,
            size: row.logoSize ?? 0,
            path: `/files/${row.logoFileId}`,
          }
        : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getCompany(ctx: AppContext, organizationId: string): Promise<CompanySettings> {
  return toCompanySettings(await loadCompany(ctx, organizationId));
}

/** Saves the fields given; only those whose value changes are written and audited (before/after). */
export async function updateCompany(
  ctx: AppContext,
  actor: { organizationId: string; staffId: string },
  input: PatchCompanySettingsBody,
): Promise<CompanySettingsResult> {
  return ctx.db.transaction(async (tx) => {
    const current = await repository.findCompany(tx, actor.organizationId, true);
    if (!current) throw forbidden();
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changes: repository.CompanyUpdate = {};
    for (const field of COMPANY_FIELDS) {
      const next = (input as Partial<Record<CompanyFieldName, string | null>>)[field];
      if (next === undefined || next === current[field]) continue;
      before[field] = current[field];
      after[field] = next;
      Object.assign(changes, { [field]: next });
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return { settings: toCompanySettings(current), changed };
    await repository.updateCompany(tx, actor.organizationId, changes);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorStaffId: actor.staffId,
      action: 'settings.company-updated',
      targetType: 'organization',
      targetId: actor.organizationId,
      before,
      after,
    });
    const saved = await repository.findCompany(tx, actor.organizationId);
    if (!saved) throw forbidden();
    return { settings: toCompanySettings(saved), changed };
  });
}

/**
 * Replaces the logo: size and real type checked, bytes stored first, then the file row, the organisation
 * and the audit entry in one transaction; the previous logo's bytes are removed once that commits.
 */
export async function uploadLogo(
  ctx: AppContext,
  actor: { organizationId: string; staffId: string },
  upload: { bytes: Buffer; declaredType: string | undefined },
): Promise<CompanySettingsResult> {
  if (upload.bytes.length === 0) throw new AppError('argument-error', 'The file is empty.');
  if (upload.bytes.length > LOGO_MAX_BYTES) {
    throw new AppError('payload-too-large', 'The logo must be 2 MiB or less.');
  }
  const type = detectImageType(upload.bytes);
  if (!type || !isAcceptableDeclaredType(upload.declaredType)) {
    throw new AppError('unsupported-file-type', 'The logo must be a PNG, JPEG or WebP image.', {
      details: { accepted: ['image/png', 'image/jpeg', 'image/webp'] },
    });
  }
  const storage = storageFor(ctx.config.storage);
  const fileId = uuidv7();
  const storageKey = `${actor.organizationId}/${fileId}`;
  await storage.put(storageKey, upload.bytes, type);
  let previousKey: string | undefined;
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const current = await repository.findCompany(tx, actor.organizationId, true);
      if (!current) throw forbidden();
      await repository.insertFile(tx, {
        id: fileId,
        organizationId: actor.organizationId,
        storageKey,
        contentType: type,
        size: upload.bytes.length,
        purpose: 'logo',
        uploadedBy: actor.staffId,
      });
      await repository.updateCompany(tx, actor.organizationId, { logoFileId: fileId });
      if (current.logoFileId) {
        previousKey = (await repository.deleteFile(tx, actor.organizationId, current.logoFileId))?.storageKey;
      }
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorStaffId: actor.staffId,
        action: 'settings.logo-updated',
        targetType: 'organization',
        targetId: actor.organizationId,
        before: { logoFileId: current.logoFileId },
        after: { logoFileId: fileId, contentType: type, size: upload.bytes.length },
      });
      const saved = await repository.findCompany(tx, actor.organizationId);
      if (!saved) throw forbidden();
      return { settings: toCompanySettings(saved), changed: ['logo'] };
    });
    if (previousKey) await storage.delete(previousKey).catch(() => undefined);
    return result;
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function removeLogo(
  ctx: AppContext,
  actor: { organizationId: string; staffId: string },
): Promise<CompanySettingsResult> {
  let previousKey: string | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    const current = await repository.findCompany(tx, actor.organizationId, true);
    if (!current) throw forbidden();
    if (!current.logoFileId) return { settings: toCompanySettings(current), changed: [] };
    await repository.updateCompany(tx, actor.organizationId, { logoFileId: null });
    previousKey = (await repository.deleteFile(tx, actor.organizationId, current.logoFileId))?.storageKey;
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorStaffId: actor.staffId,
      action: 'settings.logo-removed',
      targetType: 'organization',
      targetId: actor.organizationId,
      before: { logoFileId: current.logoFileId },
      after: { logoFileId: null },
    });
    const saved = await repository.findCompany(tx, actor.organizationId);
    if (!saved) throw forbidden();
    return { settings: toCompanySettings(saved), changed: ['logo'] };
  });
  const storage = storageFor(ctx.config.storage);
  if (previousKey) await storage.delete(previousKey).catch(() => undefined);
  return result;
}

/** One of the organisation's files; a foreign or unknown id is the same `object-not-found`. */
export async function readFile(
  ctx: AppContext,
  organizationId: string,
  fileId: string,
): Promise<StoredObject & { size: number; createdAt: Date }> {
  const row = await repository.findFile(ctx.db, organizationId, fileId);
  if (!row) throw notFound();
  const object = await storageFor(ctx.config.storage).get(row.storageKey);
  return { bytes: object.bytes, contentType: row.contentType, size: row.size, createdAt: row.createdAt };
}

export async function getSecurity(ctx: AppContext, organizationId: string) {
  const row = await loadCompany(ctx, organizationId);
  return { requireTwoFactor: row.requireTwoFactor };
}

export async function updateSecurity(
  ctx: AppContext,
  actor: { organizationId: string; staffId: string },
  input: { requireTwoFactor: boolean },
): Promise<SecuritySettingsResult> {
  return ctx.db.transaction(async (tx) => {
    const current = await repository.findCompany(tx, actor.organizationId, true);
    if (!current) throw forbidden();
    if (current.requireTwoFactor === input.requireTwoFactor) {
      return { settings: { requireTwoFactor: current.requireTwoFactor }, changed: [] };
    }
    // Requiring it while not using it would shut the administrator out of the organisation at once.
    if (input.requireTwoFactor && !(await repository.hasTwoFactorEnabled(tx, actor.staffId))) {
      throw new AppError(
        'two-factor-required',
        'Turn on two-factor sign-in for your own account before requiring it of your staff.',
      );
    }
    await repository.updateCompany(tx, actor.organizationId, { requireTwoFactor: input.requireTwoFactor });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorStaffId: actor.staffId,
      action: 'settings.security-updated',
      targetType: 'organization',
      targetId: actor.organizationId,
      before: { requireTwoFactor: current.requireTwoFactor },
      after: { requireTwoFactor: input.requireTwoFactor },
    });
    return { settings: { requireTwoFactor: input.requireTwoFactor }, changed: ['requireTwoFactor'] };
  });
}

export async function getOverview(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
): Promise<SettingsOverview> {
  const row = await loadCompany(ctx, organizationId);
  const viewerHasTwoFactor = await repository.hasTwoFactorEnabled(ctx.db, staffId);
  return {
    company: toCompanySettings(row),
    registration: { mode: ctx.config.registration },
    passwordPolicy: ctx.config.passwordPolicy,
    security: { requireTwoFactor: row.requireTwoFactor, viewerHasTwoFactor },
    payments: { status: 'arrives-with-ticket-sales' },
  };
}

/**
 * The sign-up policy: with `REGISTRATION=open` anyone may create an account; with `invite-only` only an
 * e-mail that holds a pending invitation (not accepted, not revoked, not expired) may.
 */
export async function isRegistrationAllowed(ctx: AppContext, email: string): Promise<boolean> {
  if (ctx.config.registration === 'open') return true;
  return repository.hasPendingInvitation(ctx.db, email);
}

/** Throws 403 `registration-closed` when `email` may not create an account. */
export async function assertRegistrationAllowed(ctx: AppContext, email: string): Promise<void> {
  if (!(await isRegistrationAllowed(ctx, email))) {
    throw new AppError('registration-closed', 'Registration is by invitation only.');
  }
}
