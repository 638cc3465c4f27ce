/**
 * A light client-side check (the server validates with the shared schema); kept free of zod so the
 * sign-in page stays small.
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}
