import type { CreateOrganizationBody, Organization } from '@guichet/shared/organizations';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadProfile, switchOrganization } from '../../../lib/session/actions';

export function createOrganization(body: CreateOrganizationBody): Promise<Organization> {
  return api.post<Organization>('/organizations', body);
}

/**
 * Creates the organisation, reloads the profile that now lists it, then selects it. In the other order the
 * selection was checked against the profile from before, which did not list the new organisation yet, and
 * fell back to the previous one (kept across reloads too).
 */
export function useCreateOrganization() {
  return useMutation({
    mutationFn: async (body: CreateOrganizationBody) => {
      const organization = await createOrganization(body);
      await reloadProfile();
      switchOrganization(organization.id);
      return organization;
    },
  });
}
