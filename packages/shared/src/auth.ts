import { z } from 'zod';
import { LOCALES } from './i18n';

/** E-mail addresses are compared case-insensitively: they are stored trimmed and lower-cased. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((email) => email.toLowerCase());

/** The policy is checked by the server; here only a hard ceiling that protects the hasher. */
export const passwordInputSchema = z.string().min(1).max(1024);

export const displayNameSchema = z.string().trim().min(1).max(120);

export const publicUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  locale: z.enum(LOCALES),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const signUpBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordInputSchema,
  displayName: displayNameSchema,
  locale: z.enum(LOCALES).optional(),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordInputSchema,
});
export type SignInBody = z.input<typeof signInBodySchema>;

export const authSessionSchema = z.object({
  accessToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
  user: publicUserSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const passwordResetBodySchema = z.strictObject({ email: emailSchema });

export const resetCodeSchema = z
  .string()
  .trim()
  .min(6)
  .max(64)
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''));

export const passwordResetConfirmBodySchema = z.strictObject({
  code: resetCodeSchema,
  newPassword: passwordInputSchema,
});

export const changePasswordBodySchema = z.strictObject({
  currentPassword: passwordInputSchema,
  newPassword: passwordInputSchema,
});

export const deleteAccountBodySchema = z.strictObject({ password: passwordInputSchema });
