import type { PatchStaffMeBody, StaffMe } from '@guichet/shared/staffs';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadProfile } from '../../../lib/session/actions';

export function updateProfile(body: PatchStaffMeBody): Promise<StaffMe> {
  return api.patch<StaffMe>('/staffs/me', body);
}

/** Spec §7: on success the profile is loaded again. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (body: PatchStaffMeBody) => {
      const me = await updateProfile(body);
      await reloadProfile();
      return me;
    },
  });
}
