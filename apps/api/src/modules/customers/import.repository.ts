import type { Queryable } from '@guichet/db/client';
import { uuidv7 } from '@guichet/db/ids';
import { customerImports, type ImportRowError } from '@guichet/db/schema/customer-records';
import { customerConsents } from '@guichet/db/schema/customers';
import { and, eq, lt, sql } from 'drizzle-orm';

// CSV imports of customers. Every function takes the organisation id and uses it in its WHERE.

export type ImportRow = typeof customerImports.$inferSelect;

export async function insertImport(db: Queryable, values: typeof customerImports.$inferInsert) {
  const [row] = await db.insert(customerImports).values(values).returning();
  if (!row) throw new Error('import insert returned nothing');
  return row;
}

export async function findImport(db: Queryable, organizationId: string, importId: string) {
  const [row] = await db
    .select()
    .from(customerImports)
    .where(and(eq(customerImports.organizationId, organizationId), eq(customerImports.id, importId)));
  return row;
}

export interface ImportProgress {
  sizeBytes?: number;
  encoding?: string;
  processedBytes: number;
  rows: number;
  created: number;
  updated: number;
  rejected: number;
  errors: ImportRowError[];
  status?: 'running' | 'done' | 'failed';
  finished?: boolean;
}

/** How long an import's lease lasts; the running process renews it well before (a third of it). */
export const IMPORT_LEASE_SECONDS = 120;
const renewedLease = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Saves an import's progress and renews its lease, only while it is still running: answers false when the
 * import is no longer running (the sweep failed it meanwhile), so its job stops instead of undoing that.
 */
export async function updateImport(
  db: Queryable,
  organizationId: string,
  importId: string,
  p: ImportProgress,
  leaseSeconds = IMPORT_LEASE_SECONDS,
): Promise<boolean> {
  const rows = await db
    .update(customerImports)
    .set({
      leaseUntil: renewedLease(leaseSeconds),
      ...(p.sizeBytes !== undefined ? { sizeBytes: p.sizeBytes } : {}),
      ...(p.encoding !== undefined ? { encoding: p.encoding } : {}),
      ...(p.status ? { status: p.status } : {}),
      processedBytes: p.processedBytes,
      rows: p.rows,
      created: p.created,
      updated: p.updated,
      rejected: p.rejected,
      errors: p.errors,
      ...(p.finished ? { finishedAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(customerImports.organizationId, organizationId),
        eq(customerImports.id, importId),
        eq(customerImports.status, 'running'),
      ),
    )
    .returning({ id: customerImports.id });
  return rows.length > 0;
}

/** The running process's heartbeat: pushes the lease on while the import runs; false once it is not. */
export async function renewLease(
  db: Queryable,
  organizationId: string,
  importId: string,
  leaseSeconds = IMPORT_LEASE_SECONDS,
): Promise<boolean> {
  const rows = await db
    .update(customerImports)
    .set({ leaseUntil: renewedLease(leaseSeconds) })
    .where(
      and(
        eq(customerImports.organizationId, organizationId),
        eq(customerImports.id, importId),
        eq(customerImports.status, 'running'),
      ),
    )
    .returning({ id: customerImports.id });
  return rows.length > 0;
}

/** An import whose job failed in its own process: marked failed with the reason the page shows. */
export async function failImport(db: Queryable, organizationId: string, importId: string) {
  await db
    .update(customerImports)
    .set({ status: 'failed', failureReason: 'error', finishedAt: sql`now()` })
    .where(
      and(
        eq(customerImports.organizationId, organizationId),
        eq(customerImports.id, importId),
        eq(customerImports.status, 'running'),
      ),
    );
}

/**
 * Housekeeping across organisations (the leader's sweep): running imports whose lease has passed were left
 * by a process that stopped; their uploaded file went with it, so they cannot resume and are marked failed
 * as interrupted. Answers the ids failed, with their organisation.
 */
export async function failExpiredImports(db: Queryable) {
  return db
    .update(customerImports)
    .set({ status: 'failed', failureReason: 'interrupted', finishedAt: sql`now()` })
    .where(and(eq(customerImports.status, 'running'), lt(customerImports.leaseUntil, sql`now()`)))
    .returning({ id: customerImports.id, organizationId: customerImports.organizationId });
}

/** Of these lower-case e-mails, those already a customer of the organisation (a dry run's forecast). */
export async function existingEmails(db: Queryable, organizationId: string, emails: readonly string[]) {
  if (emails.length === 0) return new Set<string>();
  const result = (await db.execute(sql`
    select lower(email) as email from customers where organization_id = ${organizationId}
      and lower(email) in (${sql.join(
        emails.map((email) => sql`${email}`),
        sql`, `,
      )})`)) as unknown as { rows: { email: string }[] };
  return new Set(result.rows.map((row) => row.email));
}

const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

export interface ImportedPerson {
  email: string;
  name: string;
  phone: string | null;
  language: string | null;
  tags: string[];
}

/**
 * A batch of people in one statement: new e-mails become customers; a known e-mail (any case) keeps its
 * name and gains what it lacked (phone, language) and the new tags. The unique index on the organisation
 * and lower-case e-mail holds one record per person even with two imports at once.
 */
export async function upsertPeople(
  db: Queryable,
  organizationId: string,
  currency: string,
  people: readonly ImportedPerson[],
): Promise<{ id: string; email: string; inserted: boolean }[]> {
  if (people.length === 0) return [];
  const values = sql.join(
    people.map(
      (person) =>
        sql`(${uuidv7()}::uuid, ${organizationId}::uuid, ${person.email}, ${person.name}, ${person.phone},
          ${person.language}, ${textArray(person.tags)},
          now(), now(), ${currency})`,
    ),
    sql`, `,
  );
  const result = (await db.execute(sql`
    insert into customers (id, organization_id, email, name, phone, language, tags, first_order_at,
      last_order_at, currency)
    values ${values}
    on conflict (organization_id, lower(email)) do update set
      phone = coalesce(customers.phone, excluded.phone),
      language = coalesce(customers.language, excluded.language),
      tags = array(select distinct t from unnest(customers.tags || excluded.tags) as t order by t),
      updated_at = now()
    returning id, lower(email) as email, (xmax = 0) as inserted`)) as unknown as {
    rows: { id: string; email: string; inserted: boolean }[];
  };
  return result.rows;
}

export async function insertConsents(db: Queryable, rows: (typeof customerConsents.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(customerConsents).values(rows);
}
