import { staffSession } from '../api-client';
import { ORG_SCOPE, queryClient } from '../query-client';
import { applyProfile } from './apply-profile';
import { meQueryOptions } from './me';
import { sessionStore } from './store';

/** Reloads the profile (after a change of name, language or organisations) and re-applies the selection. */
export async function reloadProfile(): Promise<void> {
  const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  applyProfile(me);
}

/** The organisation switcher: the choice persists across reloads and org-scoped cached data is dropped. */
export function switchOrganization(organizationId: string): void {
  sessionStore.chooseOrganization(organizationId);
  const me = queryClient.getQueryData(meQueryOptions().queryKey);
  if (me) applyProfile(me);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === ORG_SCOPE });
}

/** Wipes what this browser knows of the session, its cached queries included. */
export function endLocalSession(): void {
  staffSession.endSession();
  queryClient.clear();
}

/** Revokes the refresh family on the server, then wipes the local session whatever the answer. */
export async function signOut(): Promise<void> {
  await staffSession.signOut();
  queryClient.clear();
}
