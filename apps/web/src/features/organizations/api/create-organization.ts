import type { CreateOrganizationBody, Organization } from '@guichet/shared/organizations';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadProfile, switchOrganization } from '../../../lib/session/actions';

export function createOrganization(body: CreateOrganizationBody): Promise<Organization> {
  return api.post<Organization>('/organizations', body);
}

/** Creates the organisation, selects it and reloads the profile that now lists it. */
export function useCreateOrganization() {
  return useMutation({
    mutationFn: async (body: CreateOrganizationBody) => {
      const organization = await createOrganization(body);
      switchOrganization(organization.id);
      await reloadProfile();
      return organization;
    },
  });
}
