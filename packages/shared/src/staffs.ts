import { z } from 'zod';
import { displayNameSchema } from './auth';
import { LOCALES } from './i18n';
import { organizationSchema } from './organizations';
import { PERMISSIONS } from './permissions';

export const staffOrganizationSchema = z.object({
  organization_id: z.uuid(),
  organization: organizationSchema,
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffOrganization = z.infer<typeof staffOrganizationSchema>;

/** GET /api/staffs/me (spec §7): the profile with every organisation the staff member belongs to. */
export const staffMeSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  locale: z.enum(LOCALES),
  createdAt: z.string(),
  staffOrganization: z.array(staffOrganizationSchema),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const patchStaffMeBodySchema = z
  .strictObject({
    displayName: displayNameSchema.optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type PatchStaffMeBody = z.input<typeof patchStaffMeBodySchema>;
