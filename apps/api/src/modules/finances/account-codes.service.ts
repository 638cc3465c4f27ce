import type { Queryable } from '@guichet/db/client';
import {
  type AccountCodes,
  type AccountCodesBody,
  JOURNAL_ACCOUNTS,
  JOURNAL_DEFAULT_CODES,
  type JournalAccount,
} from '@guichet/shared/payouts';
import type { AppContext } from '../../context';
import { recordAudit } from '../audit/audit.service';
import * as repository from './account-codes.repository';

/**
 * The journal's account codes, configurable per organisation. Each save is a version that applies from
 * the first open instant (the closing boundary, or always when nothing is closed): a closed period keeps
 * the codes it was closed with, so exporting it again gives the same bytes.
 */

/** Before any closing, a version applies to every row. */
const ALWAYS = new Date(0);

type Codes = Record<JournalAccount, string>;

function complete(codes: Record<string, string> | undefined): Codes {
  const out = { ...JOURNAL_DEFAULT_CODES } as Codes;
  for (const account of JOURNAL_ACCOUNTS) {
    const code = codes?.[account];
    if (code) out[account] = code;
  }
  return out;
}

/** The codes each ledger row is exported with: the last version that started at or before it. */
export async function codesResolver(db: Queryable, organizationId: string) {
  const versions = (await repository.codeVersions(db, organizationId)).map((version) => ({
    from: version.effectiveFrom.getTime(),
    codes: complete(version.codes),
  }));
  const defaults = complete(undefined);
  return (at: Date): Codes => {
    let chosen = defaults;
    for (const version of versions) if (version.from <= at.getTime()) chosen = version.codes;
    return chosen;
  };
}

export async function accountCodes(ctx: AppContext, organizationId: string): Promise<AccountCodes> {
  const versions = await repository.codeVersions(ctx.db, organizationId);
  const latest = versions.at(-1);
  return {
    codes: complete(latest?.codes),
    defaults: { ...JOURNAL_DEFAULT_CODES },
    effectiveFrom: latest && latest.effectiveFrom.getTime() > 0 ? latest.effectiveFrom.toISOString() : null,
  };
}

export async function saveAccountCodes(
  ctx: AppContext,
  organizationId: string,
  staffId: string,
  body: AccountCodesBody,
): Promise<AccountCodes> {
  const codes = Object.fromEntries(
    Object.entries(body.codes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  await ctx.db.transaction(async (tx) => {
    const boundary = await repository.closingBoundary(tx, organizationId);
    await repository.saveVersion(tx, {
      organizationId,
      effectiveFrom: boundary ?? ALWAYS,
      codes,
      updatedBy: staffId,
    });
    await recordAudit(tx, {
      organizationId,
      actorStaffId: staffId,
      action: 'finances.account-codes',
      targetType: 'organization',
      targetId: organizationId,
      after: { codes, effectiveFrom: (boundary ?? ALWAYS).toISOString() },
    });
  });
  return accountCodes(ctx, organizationId);
}
