import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ImportRowError } from '@guichet/db/schema/customer-records';
import { type CsvEncoding, CsvReader, isFormula, sniffEncoding } from '@guichet/shared/csv-reader';
import type { CustomerImport, ImportQuery, ImportRowReason } from '@guichet/shared/customer-records';
import { CUSTOMER_LANGUAGES } from '@guichet/shared/customer-values';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { customerCreatedData, emitWebhookEvents } from '../integrations/webhook-events';
import * as repository from './customers.repository';
import * as imports from './import.repository';
import * as lists from './member-lists.repository';

/**
 * CSV imports as a job on the server. The upload is streamed to a temporary file (never held in memory),
 * then read back a chunk at a time: decoded in the encoding the bytes show, parsed by the shared reader,
 * checked row by row, and written 500 rows per statement, yielding to the event loop between batches so
 * other requests are not held up. Progress is saved after each batch; the page polls it.
 */

const BATCH = 500;
const MAX_BYTES = 50 * 1024 * 1024;
/** Rejected rows reported in full; beyond that only counted. */
const MAX_REPORTED = 1000;
const email = z.email().max(254);

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function importView(row: imports.ImportRow): CustomerImport {
  return {
    id: row.id,
    status: row.status,
    dryRun: row.dryRun,
    listId: row.listId,
    encoding: row.encoding,
    sizeBytes: row.sizeBytes,
    processedBytes: row.processedBytes,
    rows: row.rows,
    created: row.created,
    updated: row.updated,
    rejected: row.rejected,
    errors: row.errors as CustomerImport['errors'],
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    failureReason: row.failureReason,
  };
}

export async function getImport(ctx: AppContext, organizationId: string, importId: string) {
  const row = await imports.findImport(ctx.db, organizationId, importId);
  if (!row) throw new AppError('not-found', 'No such import in this organisation.');
  return importView(row);
}

/** Writes the upload to a temporary file; answers its path and size, and whether it is valid UTF-8. */
async function receive(body: Readable): Promise<{ dir: string; path: string; size: number; utf8: boolean }> {
  const dir = await mkdtemp(join(tmpdir(), 'guichet-import-'));
  const path = join(dir, 'upload.csv');
  let size = 0;
  let utf8 = true;
  const checker = new TextDecoder('utf-8', { fatal: true });
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > MAX_BYTES) {
            throw new AppError('payload-too-large', 'An import file may be at most 50 MB.');
          }
          if (utf8) {
            try {
              checker.decode(chunk, { stream: true });
            } catch {
              utf8 = false;
            }
          }
          yield chunk;
        }
      },
      createWriteStream(path),
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, path, size, utf8 };
}

export async function startImport(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  query: ImportQuery,
  body: Readable,
  onFailure: (error: unknown) => void,
): Promise<CustomerImport> {
  if (query.listId && !(await lists.findMemberList(ctx.db, organizationId, query.listId))) {
    throw new AppError('not-found', 'No such member list in this organisation.');
  }
  const file = await receive(body);
  const row = await imports.insertImport(ctx.db, {
    organizationId,
    listId: query.listId ?? null,
    dryRun: query.dryRun === 'true',
    sizeBytes: file.size,
    createdBy: actor,
  });
  // The job goes on after the answer; its state is in the database, so a closed tab loses nothing. While it
  // runs, a heartbeat renews its lease; if this process stops, the lease passes and the leader's sweep
  // (import.job.ts) marks it failed as interrupted instead of leaving it running for ever.
  const heartbeat = setInterval(
    () => void imports.renewLease(ctx.db, organizationId, row.id).catch((error: unknown) => onFailure(error)),
    (imports.IMPORT_LEASE_SECONDS * 1000) / 3,
  );
  heartbeat.unref();
  void runImport(ctx, organizationId, actor, row.id, query, file)
    .catch(async (error: unknown) => {
      if (error instanceof ImportStopped) return;
      onFailure(error);
      // A process shutting down may have closed its pool: the leader's sweep fails the import then.
      await imports.failImport(ctx.db, organizationId, row.id).catch(onFailure);
    })
    .finally(() => {
      clearInterval(heartbeat);
      return rm(file.dir, { recursive: true, force: true });
    });
  return importView(row);
}

/** The import was failed by the sweep while this process still ran it (it was stalled past its lease). */
class ImportStopped extends Error {}

type Checked =
  | { person: imports.ImportedPerson; consent: boolean | null }
  | { reason: ImportRowReason; field: string | null };

const YES = new Set(['yes', 'y', 'true', '1', 'oui', 'o', 'x']);
const NO = new Set(['no', 'n', 'false', '0', 'non']);

/** One row checked against the mapping: the person it gives, or why it is refused. */
function checkRow(cells: string[], query: ImportQuery): Checked {
  const mapped = {
    email: query.email,
    name: query.name,
    phone: query.phone,
    language: query.language,
    tags: query.tags,
    consent: query.consent,
  };
  const widest = Math.max(...Object.values(mapped).filter((value): value is number => value !== undefined));
  if (cells.length <= widest) return { reason: 'missing-columns', field: null };
  const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? '').trim());
  for (const [field, index] of Object.entries(mapped)) {
    const value = cell(index);
    // A phone number may start with "+"; anything else a spreadsheet would run is refused.
    if (value && isFormula(value) && !(field === 'phone' && /^\+[\d\s().-]+$/.test(value))) {
      return { reason: 'formula', field };
    }
    if (value.length > 500) return { reason: 'too-long', field };
  }
  const address = cell(query.email).toLowerCase();
  if (!address) return { reason: 'missing-email', field: 'email' };
  if (!email.safeParse(address).success) return { reason: 'invalid-email', field: 'email' };
  const language = cell(query.language).toLowerCase() || null;
  if (language && !(CUSTOMER_LANGUAGES as readonly string[]).includes(language)) {
    return { reason: 'invalid-language', field: 'language' };
  }
  let consent: boolean | null = null;
  if (query.consent !== undefined) {
    const answer = cell(query.consent).toLowerCase();
    // Empty: nothing said, nothing recorded; "no" is recorded as a withdrawal.
    if (YES.has(answer)) consent = true;
    else if (NO.has(answer)) consent = false;
    else if (answer) return { reason: 'invalid-consent', field: 'consent' };
  }
  const name = cell(query.name).slice(0, 200) || (address.split('@')[0] ?? address);
  const tags = cell(query.tags)
    .split(/[,;|]/)
    .map((tag) => tag.trim().slice(0, 40))
    .filter(Boolean);
  return {
    person: {
      email: address,
      name,
      phone: cell(query.phone) || null,
      language,
      tags: [...new Set(tags)].sort(),
    },
    consent,
  };
}

async function runImport(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  importId: string,
  query: ImportQuery,
  file: { path: string; size: number; utf8: boolean },
) {
  const dryRun = query.dryRun === 'true';
  const currency = await repository.organizationCurrency(ctx.db, organizationId);
  const progress: imports.ImportProgress = {
    processedBytes: 0,
    rows: 0,
    created: 0,
    updated: 0,
    rejected: 0,
    errors: [],
  };
  const reject = (row: number, reason: ImportRowReason, field: string | null) => {
    progress.rejected += 1;
    if (progress.errors.length < MAX_REPORTED)
      progress.errors.push({ row, field, reason } satisfies ImportRowError);
  };
  // Lines already seen, by e-mail: a second row of one person is reported, not imported twice.
  const seen = new Set<string>();
  let pending: { line: number; person: imports.ImportedPerson; consent: boolean | null }[] = [];

  const saveProgress = async () => {
    if (!(await imports.updateImport(ctx.db, organizationId, importId, progress))) throw new ImportStopped();
  };

  const flush = async () => {
    const batch = pending;
    pending = [];
    if (batch.length > 0) {
      if (dryRun) {
        const known = await imports.existingEmails(
          ctx.db,
          organizationId,
          batch.map((entry) => entry.person.email),
        );
        for (const entry of batch) {
          if (known.has(entry.person.email)) progress.updated += 1;
          else progress.created += 1;
        }
      } else {
        await ctx.db.transaction(async (tx) => {
          const written = await imports.upsertPeople(
            tx,
            organizationId,
            currency,
            batch.map((entry) => entry.person),
          );
          const idOf = new Map(written.map((row) => [row.email, row.id]));
          for (const row of written) {
            if (row.inserted) progress.created += 1;
            else progress.updated += 1;
          }
          const nameOf = new Map(batch.map((entry) => [entry.person.email, entry.person.name]));
          await emitWebhookEvents(tx, {
            organizationId,
            type: 'customer.created',
            data: written
              .filter((row) => row.inserted)
              .map((row) =>
                customerCreatedData({
                  id: row.id,
                  email: row.email,
                  name: nameOf.get(row.email) ?? row.email,
                  source: 'import',
                }),
              ),
          });
          await imports.insertConsents(
            tx,
            batch.flatMap((entry) => {
              const customerId = idOf.get(entry.person.email);
              if (entry.consent === null || !customerId || !query.consentSource) return [];
              return [
                {
                  organizationId,
                  customerId,
                  granted: entry.consent,
                  source: 'import' as const,
                  wording: query.consentSource,
                  recordedBy: actor,
                },
              ];
            }),
          );
          if (query.listId) {
            const members = await lists.upsertMembers(
              tx,
              organizationId,
              query.listId,
              [...idOf.values()],
              { validFrom: null, validUntil: null },
              actor,
            );
            await lists.insertHistory(
              tx,
              members.map((member) => ({
                organizationId,
                listId: query.listId as string,
                customerId: member.customerId,
                action: member.inserted ? ('added' as const) : ('changed' as const),
                validFrom: null,
                validUntil: null,
                actorId: actor,
              })),
            );
          }
        });
      }
    }
    await saveProgress();
    // Other requests run between batches.
    await yieldToEventLoop();
  };

  const head = await readHead(file.path);
  const encoding: CsvEncoding = sniffEncoding(head, file.utf8);
  progress.encoding = encoding;
  const decoder = new TextDecoder(encoding);
  const reader = new CsvReader();
  let line = 0;
  const take = async (rows: string[][]) => {
    for (const cells of rows) {
      line += 1;
      if (line === 1 && query.header === 'true') continue;
      progress.rows += 1;
      const checked = checkRow(cells, query);
      if ('reason' in checked) {
        reject(line, checked.reason, checked.field);
        continue;
      }
      if (seen.has(checked.person.email)) {
        reject(line, 'duplicate', 'email');
        continue;
      }
      seen.add(checked.person.email);
      pending.push({ line, person: checked.person, consent: checked.consent });
      if (pending.length >= BATCH) await flush();
    }
  };
  for await (const chunk of createReadStream(file.path, { highWaterMark: 64 * 1024 })) {
    progress.processedBytes += (chunk as Buffer).length;
    await take(reader.push(decoder.decode(chunk as Buffer, { stream: true })));
  }
  await take(reader.push(decoder.decode()));
  await take(reader.end());
  await flush();
  progress.status = 'done';
  progress.finished = true;
  progress.processedBytes = file.size;
  await saveProgress();
  if (!dryRun) {
    await recordAudit(ctx.db, {
      organizationId,
      actorStaffId: actor,
      action: 'customer.imported',
      targetType: 'customer-import',
      targetId: importId,
      after: {
        rows: progress.rows,
        created: progress.created,
        updated: progress.updated,
        rejected: progress.rejected,
        listId: query.listId ?? null,
      },
    });
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  for await (const chunk of createReadStream(path, { start: 0, end: 4095 })) return chunk as Buffer;
  return new Uint8Array();
}
