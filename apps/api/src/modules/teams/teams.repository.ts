import type { Queryable } from '@guichet/db/client';
import { escapeLike } from '@guichet/db/like';
import { staff } from '@guichet/db/schema/identity';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { invitations } from '@guichet/db/schema/teams';
import type { MemberSort } from '@guichet/shared/teams';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { afterId, decodeCursor, encodeCursor } from '../../cursor';

// Every function takes the organisation id and uses it in its WHERE: "not yours" reads as "does not exist".

const memberColumns = {
  staffId: staff.id,
  displayName: staff.displayName,
  email: staff.email,
  permissions: staffOrganizations.permissions,
  lastSignInAt: staff.lastSignInAt,
  joinedAt: staffOrganizations.createdAt,
};

export type MemberRow = {
  staffId: string;
  displayName: string;
  email: string;
  permissions: string[];
  lastSignInAt: Date | null;
  joinedAt: Date;
};

/** The sortable expressions; each is never null so keyset pagination can compare it. */
const SORT_COLUMNS = {
  name: { expression: sql`lower(${staff.displayName})`, cast: sql`::text` },
  email: { expression: sql`${staff.email}`, cast: sql`::text` },
  joinedAt: { expression: sql`${staffOrganizations.createdAt}`, cast: sql`::timestamptz` },
  lastSignInAt: {
    expression: sql`coalesce(${staff.lastSignInAt}, '-infinity'::timestamptz)`,
    cast: sql`::timestamptz`,
  },
} as const;

type SortKey = keyof typeof SORT_COLUMNS;

function sortValue(row: MemberRow, key: SortKey): string {
  switch (key) {
    case 'name':
      return row.displayName.toLowerCase();
    case 'email':
      return row.email;
    case 'joinedAt':
      return row.joinedAt.toISOString();
    case 'lastSignInAt':
      return row.lastSignInAt ? row.lastSignInAt.toISOString() : '-infinity';
  }
}

export async function listMembers(
  db: Queryable,
  organizationId: string,
  params: { limit: number; cursor?: string | undefined; q?: string | undefined; sort: MemberSort },
): Promise<{ rows: MemberRow[]; nextCursor: string | null }> {
  const descending = params.sort.startsWith('-');
  const key = (descending ? params.sort.slice(1) : params.sort) as SortKey;
  const { expression, cast } = SORT_COLUMNS[key];
  const cursor = params.cursor ? decodeCursor(params.cursor) : null;
  const conditions: (SQL | undefined)[] = [eq(staffOrganizations.organizationId, organizationId)];
  if (params.q) {
    const pattern = `%${escapeLike(params.q)}%`;
    conditions.push(sql`(${staff.displayName} ilike ${pattern} or ${staff.email} ilike ${pattern})`);
  }
  if (cursor) {
    const comparison = descending ? sql`<` : sql`>`;
    conditions.push(
      sql`(${expression}, ${staff.id}) ${comparison} (${cursor[0]}${cast}, ${cursor[1]}::uuid)`,
    );
  }
  const order = descending ? [desc(expression), desc(staff.id)] : [asc(expression), asc(staff.id)];
  const rows = await db
    .select(memberColumns)
    .from(staffOrganizations)
    .innerJoin(staff, eq(staff.id, staffOrganizations.staffId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > params.limit && last ? encodeCursor(sortValue(last, key), last.staffId) : null;
  return { rows: page, nextCursor };
}

export async function findMember(
  db: Queryable,
  organizationId: string,
  staffId: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(staffOrganizations)
    .innerJoin(staff, eq(staff.id, staffOrganizations.staffId))
    .where(
      and(eq(staffOrganizations.organizationId, organizationId), eq(staffOrganizations.staffId, staffId)),
    )
    .limit(1);
  return row;
}

/**
 * Locks every membership row of the organisation for the rest of the transaction and returns them. Two
 * concurrent changes of the last administrators queue here, so the second one counts what the first left.
 */
export async function lockMemberships(db: Queryable, organizationId: string) {
  return db
    .select({ staffId: staffOrganizations.staffId, permissions: staffOrganizations.permissions })
    .from(staffOrganizations)
    .where(eq(staffOrganizations.organizationId, organizationId))
    .for('update');
}

export async function updateMemberPermissions(
  db: Queryable,
  organizationId: string,
  staffId: string,
  permissions: string[],
): Promise<boolean> {
  const rows = await db
    .update(staffOrganizations)
    .set({ permissions })
    .where(
      and(eq(staffOrganizations.organizationId, organizationId), eq(staffOrganizations.staffId, staffId)),
    )
    .returning({ staffId: staffOrganizations.staffId });
  return rows.length > 0;
}

export async function deleteMember(db: Queryable, organizationId: string, staffId: string): Promise<boolean> {
  const rows = await db
    .delete(staffOrganizations)
    .where(
      and(eq(staffOrganizations.organizationId, organizationId), eq(staffOrganizations.staffId, staffId)),
    )
    .returning({ staffId: staffOrganizations.staffId });
  return rows.length > 0;
}

/** Adds the membership unless the staff member already has one (then false). */
export async function insertMember(
  db: Queryable,
  organizationId: string,
  staffId: string,
  permissions: string[],
): Promise<boolean> {
  const rows = await db
    .insert(staffOrganizations)
    .values({ organizationId, staffId, permissions })
    .onConflictDoNothing()
    .returning({ staffId: staffOrganizations.staffId });
  return rows.length > 0;
}

export async function isMemberByEmail(
  db: Queryable,
  organizationId: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ staffId: staff.id })
    .from(staffOrganizations)
    .innerJoin(staff, eq(staff.id, staffOrganizations.staffId))
    .where(and(eq(staffOrganizations.organizationId, organizationId), eq(staff.email, email)))
    .limit(1);
  return Boolean(row);
}

export async function findOrganization(db: Queryable, organizationId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row;
}

export async function findStaff(db: Queryable, staffId: string) {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  return row;
}

export async function staffExistsWithEmail(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email)).limit(1);
  return Boolean(row);
}

// Invitations ----------------------------------------------------------------------------------------------

const pending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  permissions: invitations.permissions,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  invitedById: staff.id,
  invitedByName: staff.displayName,
  invitedByEmail: staff.email,
};

/** A page of pending invitations, newest first (uuidv7 ids: the order they were made in). */
export async function listPendingInvitations(
  db: Queryable,
  organizationId: string,
  page: { limit: number; cursor?: string },
) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(staff, eq(staff.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        pending,
        afterId(page.cursor, invitations.id, true),
      ),
    )
    .orderBy(desc(invitations.id))
    .limit(page.limit + 1);
}

export async function findPendingInvitation(db: Queryable, organizationId: string, invitationId: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(staff, eq(staff.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), pending))
    .limit(1);
  return row;
}

/** Revokes the pending invitations of an e-mail (a new invitation replaces them). */
export async function revokePendingForEmail(db: Queryable, organizationId: string, email: string) {
  return db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email), pending))
    .returning({ id: invitations.id, permissions: invitations.permissions });
}

export async function insertInvitation(
  db: Queryable,
  values: {
    organizationId: string;
    email: string;
    permissions: string[];
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
) {
  // The unique index on pending invitations holds "one per e-mail"; undefined means another invitation to
  // the same e-mail was committed meanwhile (the caller revokes it and tries again).
  const [row] = await db
    .insert(invitations)
    .values(values)
    .onConflictDoNothing({ target: [invitations.organizationId, invitations.email], where: pending })
    .returning();
  return row;
}

/** A new token and expiry for a pending invitation: the old link stops working. */
export async function renewInvitation(
  db: Queryable,
  organizationId: string,
  invitationId: string,
  values: { tokenHash: string; expiresAt: Date },
) {
  const [row] = await db
    .update(invitations)
    .set(values)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), pending))
    .returning();
  return row;
}

export async function revokeInvitation(db: Queryable, organizationId: string, invitationId: string) {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), pending))
    .returning();
  return row;
}

/**
 * Looks an invitation up by its token, across organisations: the token itself is the credential here
 * (256 bits, only its hash is stored).
 */
export async function findInvitationByTokenHash(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, organizationName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks the invitation accepted only if it still is pending and unexpired: exactly one caller wins. */
export async function markInvitationAccepted(
  db: Queryable,
  organizationId: string,
  invitationId: string,
  staffId: string,
): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: staffId })
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.id, invitationId),
        pending,
        sql`${invitations.expiresAt} > now()`,
      ),
    )
    .returning({ id: invitations.id });
  return rows.length > 0;
}
