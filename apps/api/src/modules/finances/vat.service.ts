import type { updateVatSettingsBodySchema, VatSettings } from '@guichet/shared/vat';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { recordAudit } from '../audit/audit.service';
import * as repository from './reports.repository';

/**
 * The organisation's VAT settings (ALL or FINANCE). They apply to tickets sold after the change: a sold
 * ticket keeps the VAT stored with it.
 */

function view(row: Awaited<ReturnType<typeof repository.findVatSettings>>): VatSettings {
  return {
    registered: row?.registered ?? false,
    vatNumber: row?.vatNumber ?? null,
    ratesBp: row?.ratesBp ?? [],
    defaultRateBp: row?.defaultRateBp ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function vatSettings(ctx: AppContext, organizationId: string): Promise<VatSettings> {
  return view(await repository.findVatSettings(ctx.db, organizationId));
}

export async function updateVatSettings(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  body: z.output<typeof updateVatSettingsBodySchema>,
): Promise<VatSettings> {
  return ctx.db.transaction(async (tx) => {
    const before = view(await repository.findVatSettings(tx, organizationId));
    const ratesBp = [...new Set(body.ratesBp)].sort((a, b) => a - b);
    const row = await repository.saveVatSettings(tx, {
      organizationId,
      registered: body.registered,
      vatNumber: body.vatNumber,
      ratesBp,
      defaultRateBp: body.registered ? body.defaultRateBp : 0,
      updatedBy: actor,
    });
    const after = view(row);
    await recordAudit(tx, {
      organizationId,
      actorStaffId: actor,
      action: 'organization.vat-settings-changed',
      targetType: 'organization',
      targetId: organizationId,
      before: { ...before, updatedAt: undefined },
      after: { ...after, updatedAt: undefined },
    });
    return after;
  });
}
