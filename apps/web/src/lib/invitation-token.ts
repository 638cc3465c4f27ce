import { nextFromSearch } from './next-path';

// Only the registration page needs it: in a module of its own, it stays out of the sign-in page's chunk.
/** The invitation token of a `next` that is an invitation's link, or '' (a registration on its own). */
export function invitationTokenOf(search: string): string {
  const next = nextFromSearch(search);
  if (!next?.startsWith('/invitations/accept?')) return '';
  return new URLSearchParams(next.slice(next.indexOf('?'))).get('token') ?? '';
}
