import { z } from 'zod';
import { emailSchema } from './auth';
import { organizationSchema } from './organizations';
import { pageOf } from './paging';
import { normalizePermissions, PERMISSIONS } from './permissions';

/** A set of permissions as sent by the client: at least one, known values only, deduplicated and ordered. */
export const permissionSetSchema = z
  .array(z.enum(PERMISSIONS))
  .min(1)
  .max(PERMISSIONS.length * 2)
  .transform((permissions) => normalizePermissions(permissions));

const permissionListSchema = z.array(z.enum(PERMISSIONS));

export const MEMBER_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'joinedAt',
  '-joinedAt',
  'lastSignInAt',
  '-lastSignInAt',
] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** GET /api/teams/members query. */
export const listMembersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(500).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(MEMBER_SORTS).default('name'),
});
export type ListMembersQuery = z.input<typeof listMembersQuerySchema>;

export const teamMemberSchema = z.object({
  staffId: z.uuid(),
  displayName: z.string(),
  email: z.string(),
  permissions: permissionListSchema,
  status: z.literal('active'),
  lastSignInAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMemberPageSchema = z.object({
  items: z.array(teamMemberSchema),
  nextCursor: z.string().nullable(),
});
export type TeamMemberPage = z.infer<typeof teamMemberPageSchema>;

export const staffRefSchema = z.object({ staffId: z.uuid(), displayName: z.string(), email: z.string() });

export const INVITATION_STATUSES = ['pending', 'expired'] as const;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  permissions: permissionListSchema,
  invitedBy: staffRefSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(INVITATION_STATUSES),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = pageOf(invitationSchema);
export type InvitationList = z.infer<typeof invitationListSchema>;

/** POST /api/teams/invitations body. */
export const createInvitationBodySchema = z.strictObject({
  email: emailSchema,
  permissions: permissionSetSchema,
});
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

/** PATCH /api/teams/members/:staffId body. */
export const updateMemberBodySchema = z.strictObject({ permissions: permissionSetSchema });
export type UpdateMemberBody = z.input<typeof updateMemberBodySchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
  actor: staffRefSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/teams/members/:staffId: the member and what was done to them, newest first. */
export const teamMemberDetailSchema = z.object({
  member: teamMemberSchema,
  audit: z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() }),
});
export type TeamMemberDetail = z.infer<typeof teamMemberDetailSchema>;

/** GET /api/invitations/:token: what the invitee is shown before accepting. */
export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  permissions: permissionListSchema,
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/invitations/:token/accept answer. */
export const invitationAcceptedSchema = z.object({
  organization: organizationSchema,
  permissions: permissionListSchema,
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

export const invitationTokenParamsSchema = z.object({ token: z.string().min(16).max(200) });
