import { z } from 'zod';

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  /** The company settings' time zone: where new events start. */
  timeZone: z.string().optional(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationNameSchema = z.string().trim().min(2).max(120);

export const createOrganizationBodySchema = z.strictObject({ name: organizationNameSchema });
export type CreateOrganizationBody = z.input<typeof createOrganizationBodySchema>;
