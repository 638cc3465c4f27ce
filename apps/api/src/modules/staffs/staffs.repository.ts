import type { Queryable } from '@guichet/db/client';
import { staff } from '@guichet/db/schema/identity';
import type { PatchStaffMeBody } from '@guichet/shared/staffs';
import { eq, sql } from 'drizzle-orm';

// A staff member reads and changes their own profile: the id is the signed-in account's.

export async function findStaff(db: Queryable, staffId: string) {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  return row;
}

export async function updateStaff(db: Queryable, staffId: string, values: PatchStaffMeBody): Promise<void> {
  await db
    .update(staff)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(staff.id, staffId));
}
